// corecl_bench: runs every benchmark on CoreCL and on PoCL in one process,
// interleaving the two drivers round by round and taking medians, because
// only ratios measured side by side on this shared machine mean anything.
// Each driver's output is verified against a host reference before its
// times count. Prints a Markdown table. One PoCL a run: two releases of
// PoCL do not load into one process (both are libpocl.so.2, and the second
// one's device modules bind to the first), so scripts/bench.sh runs the
// bench once per PoCL and bench/merge_baselines.py joins the tables.
#include "driver.h"
#include "kernels.h"
#include "limits.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <thread>

using namespace bench;

namespace {

constexpr std::chrono::milliseconds kSettle{50};

double medianOf(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

} // namespace

int main(int argc, char **argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 7;
  // An optional second argument keeps only the kernels whose name contains it.
  std::string only = argc > 2 ? argv[2] : "";
  std::vector<Driver> drivers = openDrivers("PoCL", "Portable Computing Language");
  std::vector<Driver> corecl = openDrivers("CoreCL", "CoreCL");
  if (drivers.size() != 1 || corecl.size() != 1) {
    std::fprintf(stderr,
                 "need one PoCL and CoreCL registered with the ICD loader (found %zu and %zu)\n",
                 drivers.size(), corecl.size());
    return 1;
  }
  corecl[0].name = "CoreCL"; // without its version: the table's label
  drivers.push_back(corecl[0]);
  const std::string pocl = drivers[0].name; // "PoCL 3.1"
  Limits limits = measureLimits();
  std::printf("Limits: STREAM triad %.1f GB/s (C++, %u threads); peak %.0f GFLOP/s "
              "(%.2f GHz x %u cores x %u floats x 2 FMA x 2 pipes; FMA chains measured "
              "%.0f GFLOP/s; FLOP/s fractions use the higher)\n\n",
              limits.streamTriadGBs, limits.cores, limits.peakGflops, limits.frequencyGHz,
              limits.cores, limits.simdFloats, limits.measuredFmaGflops);
  std::printf("| kernel | %s (ms) | CoreCL (ms) | %s / CoreCL | CoreCL rate | of limit |\n",
              pocl.c_str(), pocl.c_str());
  std::printf("| --- | ---: | ---: | ---: | ---: | ---: |\n");
  bool allVerified = true;
  double logSum = 0;
  int count = 0;
  for (auto &benchmark : allBenchmarks()) {
    if (benchmark->name().find(only) == std::string::npos)
      continue;
    std::map<std::string, std::vector<double>> times;
    std::vector<std::unique_ptr<Benchmark>> instances;
    // One instance per driver, set up and warmed (compile, first touch);
    // null for a driver whose device lacks what the row needs.
    for (const Driver &d : drivers) {
      auto b = allBenchmarks();
      for (auto &candidate : b)
        if (candidate->name() == benchmark->name())
          instances.push_back(std::move(candidate));
      if (!instances.back()->supportedBy(d)) {
        instances.back() = nullptr;
        continue;
      }
      instances.back()->setUp(d);
      instances.back()->run();
    }
    for (int r = 0; r < rounds; ++r)
      for (size_t i = 0; i < drivers.size(); ++i) {
        if (!instances[i])
          continue;
        // Each timed run starts with the other driver's threads idle and
        // its own warm, as in an application that uses one driver: both
        // keep their workers busy for a while after a launch, and a run
        // that overlapped the other driver's took up to twice as long (the
        // data-indexed private histogram, 2.2 or 4.4 ms for CoreCL and 3.4
        // or 6.5 for PoCL from one run of the bench to the next; alone in
        // a process, 2.2-2.5 and 3.4-3.5). After the pause an untimed run
        // wakes the driver's own workers, which a short kernel would
        // otherwise wait for (GemmDirect, 0.35 ms).
        std::this_thread::sleep_for(kSettle);
        instances[i]->run();
        double t0 = now();
        instances[i]->run();
        times[drivers[i].name].push_back(now() - t0);
      }
    bool verified = true;
    for (size_t i = 0; i < drivers.size(); ++i) {
      if (!instances[i])
        continue;
      bool ok = instances[i]->verify();
      if (!ok)
        std::fprintf(stderr, "%s: %s produced wrong results\n", drivers[i].name.c_str(),
                     benchmark->name().c_str());
      verified &= ok;
      instances[i]->tearDown();
    }
    allVerified &= verified;
    if (times["CoreCL"].empty()) {
      std::fprintf(stderr, "CoreCL cannot run %s\n", benchmark->name().c_str());
      allVerified = false;
      continue;
    }
    double corecl = medianOf(times["CoreCL"]);
    if (times[pocl].empty()) {
      // PoCL's device lacks the feature: CoreCL's time alone.
      std::printf("| %s | n/a | %.2f | n/a | %.2f %s | |%s\n", benchmark->name().c_str(),
                  corecl * 1e3, benchmark->work() / corecl * 1e-9, benchmark->rateUnit().c_str(),
                  verified ? "" : " (UNVERIFIED)");
      continue;
    }
    double poclTime = medianOf(times[pocl]);
    double rate = benchmark->work() / corecl;
    std::string fraction = "";
    if (benchmark->hasLimit()) {
      double limit = benchmark->isFlops() ? limits.flopsLimit() : limits.streamTriadGBs;
      char text[32];
      std::snprintf(text, sizeof text, "%.0f %%", 100.0 * rate * 1e-9 / limit);
      fraction = text;
    }
    std::printf("| %s | %.2f | %.2f | %.2fx | %.2f %s | %s |%s\n", benchmark->name().c_str(),
                poclTime * 1e3, corecl * 1e3, poclTime / corecl, rate * 1e-9,
                benchmark->rateUnit().c_str(), fraction.c_str(),
                verified ? "" : " (UNVERIFIED)");
    logSum += std::log(poclTime / corecl);
    ++count;
  }
  if (count)
    std::printf("| geometric mean | | | %.2fx | | |\n", std::exp(logSum / count));
  for (Driver &d : drivers)
    d.release();
  return allVerified ? 0 : 1;
}
