// Pipes (OpenCL C 2.0's read_pipe, write_pipe, the reservations and
// get_pipe_*): the functions Clang calls for them, over the ring of
// include/corecl/pipe_abi.h. Pipes are non-blocking: a read of an empty
// pipe, a write to a full one and a reservation that does not fit fail at
// once (read_pipe/write_pipe return -1, a reservation an invalid id).
//
// compiler/passes/lower_images.cpp turns a pipe into `ptr addrspace(1)` to
// its corecl_pipe and a reserve_id_t into an i64, so these definitions take
// `global corecl_pipe *` and ulong under Clang's names: __read_pipe_2(pipe,
// ptr, size, align) and so on. The work-group and sub-group reservations
// are in pipes.cl. Compiled for x86-64 like atomics_host.cl (host atomics).
#include "builtins.h"
#include "corecl/pipe_abi.h"

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

typedef global corecl_pipe pipe_t;

static volatile global atomic_ulong *counter(volatile global ulong *field) {
  return (volatile global atomic_ulong *)field;
}
static volatile global atomic_ulong *sequence(pipe_t *p, ulong position) {
  return (volatile global atomic_ulong *)((global char *)p + CORECL_PIPE_SEQ_OFFSET) +
         position % p->capacity;
}
static global uchar *packet(pipe_t *p, ulong position) {
  return (global uchar *)p + CORECL_PIPE_DATA_OFFSET(p->capacity) +
         position % p->capacity * p->packet_size;
}
// A packet in the widest words both ends allow: a slot lies at a multiple
// of the packet size from a 128-byte aligned start (pipe_abi.h), and Clang
// passes the alignment of the packet's type, the kernel's end.
static void copy(generic uchar *to, const generic uchar *from, uint size, uint align) {
  if (align >= 8 && size % 8 == 0) {
    for (uint i = 0; i < size; i += 8)
      *(generic ulong *)(to + i) = *(const generic ulong *)(from + i);
  } else if (align >= 4 && size % 4 == 0) {
    for (uint i = 0; i < size; i += 4)
      *(generic uint *)(to + i) = *(const generic uint *)(from + i);
  } else {
    for (uint i = 0; i < size; ++i)
      to[i] = from[i];
  }
}

// Reserves `count` packets at the counter `next` (write_reserved or
// read_reserved): every slot from its position on must hold its position
// plus `ahead` (0: empty, for writers; 1: full, for readers). Returns the
// first position, or -1 if the pipe has too little room or too few packets.
static long reserve(pipe_t *p, volatile global ulong *next, uint count, ulong ahead) {
  if (count == 0 || count > p->capacity)
    return -1;
  ulong position = __c11_atomic_load(counter(next), __ATOMIC_RELAXED);
  for (;;) {
    bool ready = true;
    for (uint i = 0; i < count && ready; ++i) {
      ulong seq = __c11_atomic_load(sequence(p, position + i), __ATOMIC_ACQUIRE);
      if (seq != position + i + ahead) {
        // Behind: the slot is still in use from the last lap (full for a
        // writer, empty for a reader). Ahead: others moved the counter.
        if ((long)(seq - (position + i + ahead)) < 0)
          return -1;
        ready = false;
      }
    }
    if (!ready) {
      position = __c11_atomic_load(counter(next), __ATOMIC_RELAXED);
      continue;
    }
    if (__c11_atomic_compare_exchange_weak(counter(next), &position, position + count,
                                           __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return (long)position;
  }
}

// Marks `count` packets from `position` written (or read).
static void commit(pipe_t *p, ulong position, uint count, ulong next) {
  for (uint i = 0; i < count; ++i)
    __c11_atomic_store(sequence(p, position + i), position + i + next, __ATOMIC_RELEASE);
}

int __write_pipe_2(pipe_t *p, const generic void *ptr, uint size, uint align) {
  long position = reserve(p, &p->write_reserved, 1, 0);
  if (position < 0)
    return -1;
  copy(packet(p, (ulong)position), (const generic uchar *)ptr, size, align);
  commit(p, (ulong)position, 1, 1);
  return 0;
}

int __read_pipe_2(pipe_t *p, generic void *ptr, uint size, uint align) {
  long position = reserve(p, &p->read_reserved, 1, 1);
  if (position < 0)
    return -1;
  copy((generic uchar *)ptr, packet(p, (ulong)position), size, align);
  commit(p, (ulong)position, 1, p->capacity);
  return 0;
}

static ulong reservation(long position, uint count) {
  return position < 0 ? 0 : CORECL_RESERVE_ID((ulong)position, count);
}

ulong __reserve_write_pipe(pipe_t *p, uint count, uint size, uint align) {
  return reservation(reserve(p, &p->write_reserved, count, 0), count);
}

ulong __reserve_read_pipe(pipe_t *p, uint count, uint size, uint align) {
  return reservation(reserve(p, &p->read_reserved, count, 1), count);
}

// A packet of a reservation: 0, or -1 for an invalid id or index.
int __write_pipe_4(pipe_t *p, ulong id, uint index, const generic void *ptr, uint size,
                   uint align) {
  if (index >= CORECL_RESERVE_COUNT(id))
    return -1;
  copy(packet(p, CORECL_RESERVE_POSITION(id) + index), (const generic uchar *)ptr, size, align);
  return 0;
}

int __read_pipe_4(pipe_t *p, ulong id, uint index, generic void *ptr, uint size, uint align) {
  if (index >= CORECL_RESERVE_COUNT(id))
    return -1;
  copy((generic uchar *)ptr, packet(p, CORECL_RESERVE_POSITION(id) + index), size, align);
  return 0;
}

void __commit_write_pipe(pipe_t *p, ulong id, uint size, uint align) {
  commit(p, CORECL_RESERVE_POSITION(id), CORECL_RESERVE_COUNT(id), 1);
}

void __commit_read_pipe(pipe_t *p, ulong id, uint size, uint align) {
  commit(p, CORECL_RESERVE_POSITION(id), CORECL_RESERVE_COUNT(id), p->capacity);
}

// The packets written and not yet reserved by a reader: a snapshot.
static uint packets_in(pipe_t *p) {
  ulong written = __c11_atomic_load(counter(&p->write_reserved), __ATOMIC_ACQUIRE);
  ulong read = __c11_atomic_load(counter(&p->read_reserved), __ATOMIC_ACQUIRE);
  return written > read ? (uint)min(written - read, (ulong)p->capacity) : 0u;
}

uint __get_pipe_num_packets_ro(pipe_t *p, uint size, uint align) { return packets_in(p); }
uint __get_pipe_num_packets_wo(pipe_t *p, uint size, uint align) { return packets_in(p); }
uint __get_pipe_max_packets_ro(pipe_t *p, uint size, uint align) { return p->capacity; }
uint __get_pipe_max_packets_wo(pipe_t *p, uint size, uint align) { return p->capacity; }

bool is_valid_reserve_id_ulong(ulong id) __asm__("_Z19is_valid_reserve_id13ocl_reserveid");
bool is_valid_reserve_id_ulong(ulong id) { return CORECL_RESERVE_COUNT(id) != 0; }
