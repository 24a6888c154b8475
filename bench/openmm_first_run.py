#!/usr/bin/python3
"""OpenMM's time to first result on one OpenCL driver (issue 50): creating a
Context, which builds OpenMM's OpenCL programs and asks about their
kernels, then a short job (50 minimiser iterations and 200 Langevin steps
of 512 charged particles with PME and bonds), whose first launches make
the drivers generate their kernels' code.

Needs Debian's python3-simtk and libopenmm-plugins (OpenMM 7.7, not a CI
dependency); run it with Debian's python3, once per driver, cold:

  OCL_ICD_VENDORS=<dir with one .icd> CORECL_CACHE=0 POCL_KERNEL_CACHE=0 \\
      HOME=$(mktemp -d) /usr/bin/python3 bench/openmm_first_run.py

Prints the device, the two times and the final potential energy (which
differs from run to run: the Langevin integrator draws random numbers).
"""
import random
import time

import simtk.openmm as mm
import simtk.unit as u

PARTICLES = 512
BOX_NM = 4.0


def make_system():
    system = mm.System()
    nonbonded = mm.NonbondedForce()
    nonbonded.setNonbondedMethod(mm.NonbondedForce.PME)
    nonbonded.setCutoffDistance(1.0 * u.nanometer)
    system.setDefaultPeriodicBoxVectors(mm.Vec3(BOX_NM, 0, 0), mm.Vec3(0, BOX_NM, 0),
                                        mm.Vec3(0, 0, BOX_NM))
    rng = random.Random(1)
    positions = []
    for i in range(PARTICLES):
        system.addParticle(39.9)
        nonbonded.addParticle(0.5 if i % 2 else -0.5, 0.34, 0.99)
        positions.append(mm.Vec3(rng.uniform(0, BOX_NM), rng.uniform(0, BOX_NM),
                                 rng.uniform(0, BOX_NM)))
    system.addForce(nonbonded)
    bonds = mm.HarmonicBondForce()
    for i in range(0, PARTICLES, 2):
        bonds.addBond(i, i + 1, 0.3, 1000.0)
    system.addForce(bonds)
    return system, positions


def main():
    system, positions = make_system()
    integrator = mm.LangevinIntegrator(300 * u.kelvin, 1 / u.picosecond, 0.001 * u.picoseconds)
    platform = mm.Platform.getPlatformByName("OpenCL")
    start = time.time()
    context = mm.Context(system, integrator, platform, {"Precision": "single"})
    created = time.time()
    context.setPositions(positions)
    mm.LocalEnergyMinimizer.minimize(context, 10.0, 50)
    integrator.step(200)
    state = context.getState(getEnergy=True)
    done = time.time()
    print("device %s: context %.2f s, minimise + 200 steps %.2f s, energy %.1f kJ/mol" %
          (platform.getPropertyValue(context, "OpenCLDeviceName"), created - start, done - created,
           state.getPotentialEnergy().value_in_unit(u.kilojoule_per_mole)))


if __name__ == "__main__":
    main()
