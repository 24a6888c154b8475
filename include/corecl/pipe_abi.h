/* The contract for pipes between the compiler (the builtins that read and
 * write packets) and the runtime (which creates a pipe's memory). Plain C,
 * like kernel_abi.h.
 *
 * A pipe is one block of memory: this header, then `capacity` sequence
 * numbers (uint64_t), then the packets, `packet_size` bytes each, from
 * CORECL_PIPE_DATA_OFFSET(capacity). A pipe kernel argument is, in the
 * args block, the address of the header (8 bytes), like a buffer's.
 *
 * It is a bounded multi-producer, multi-consumer ring (D. Vyukov's): the
 * packet at position p (a 64-bit count that never wraps) lives in slot
 * p % capacity, whose sequence number says its state. The runtime sets
 * slot i's to i (empty, writable at position i). A writer that reserved
 * position p (by moving write_reserved from p) writes the packet, then
 * commits it by setting the sequence number to p + 1 (full, readable at
 * p); a reader that reserved p reads it and sets p + capacity (empty,
 * writable at p + capacity). Reservations of n packets move the counter by
 * n where all n slots are in the state wanted, and commit them all.
 *
 * In the compiler (compiler/passes/lower_images.cpp) a pipe value is
 * `ptr addrspace(1)` to this header, and a reserve_id_t an i64:
 * CORECL_RESERVE_ID(position, count), 0 for none.
 */
#ifndef CORECL_PIPE_ABI_H
#define CORECL_PIPE_ABI_H

#ifndef __OPENCL_C_VERSION__
#include <stdint.h>
#define CORECL_PIPE_U64 uint64_t
#define CORECL_PIPE_U32 uint32_t
#else
#define CORECL_PIPE_U64 ulong
#define CORECL_PIPE_U32 uint
#endif

typedef struct corecl_pipe {
  CORECL_PIPE_U64 write_reserved; /* next position a writer reserves */
  CORECL_PIPE_U64 read_reserved;  /* next position a reader reserves */
  CORECL_PIPE_U32 packet_size;    /* bytes */
  CORECL_PIPE_U32 capacity;       /* packets (CL_PIPE_MAX_PACKETS) */
  CORECL_PIPE_U64 reserved;
} corecl_pipe;

/* Where the sequence numbers and the packets start, from the header. */
#define CORECL_PIPE_SEQ_OFFSET 32u
#define CORECL_PIPE_DATA_OFFSET(capacity)                                                          \
  ((CORECL_PIPE_SEQ_OFFSET + 8u * (CORECL_PIPE_U64)(capacity) + 127u) / 128u * 128u)

/* A reservation: its first position (below 2^40) and packet count. */
#define CORECL_RESERVE_ID(position, count)                                                         \
  (((CORECL_PIPE_U64)(count) << 40) | (CORECL_PIPE_U64)(position))
#define CORECL_RESERVE_POSITION(id) ((id) & ((((CORECL_PIPE_U64)1) << 40) - 1))
#define CORECL_RESERVE_COUNT(id) ((CORECL_PIPE_U32)((id) >> 40))

/* The largest packet a pipe may carry (CL_DEVICE_PIPE_MAX_PACKET_SIZE). */
#define CORECL_PIPE_MAX_PACKET_SIZE 1024u

#endif /* CORECL_PIPE_ABI_H */
