// Pipe reservations by a whole work-group or sub-group (pipes_host.cl has
// the rest): the first work-item reserves, everyone gets its id, and after
// every work-item's writes (or reads) the first commits. Clang calls them
// __work_group_reserve_write_pipe(pipe, count, size, align) and so on; a
// pipe is `global corecl_pipe *` and a reserve_id_t a ulong here
// (pipe_abi.h).
#include "builtins.h"
#include "corecl/pipe_abi.h"

typedef global corecl_pipe pipe_t;

ulong __reserve_write_pipe(pipe_t *p, uint count, uint size, uint align);
ulong __reserve_read_pipe(pipe_t *p, uint count, uint size, uint align);
void __commit_write_pipe(pipe_t *p, ulong id, uint size, uint align);
void __commit_read_pipe(pipe_t *p, ulong id, uint size, uint align);

// The id the first work-item got, for all (an invalid id is 0, and any
// valid one larger).
#define GROUP_RESERVE(scope, FIRST, SHARE, way)                                                \
  ulong __##scope##_reserve_##way##_pipe(pipe_t *p, uint count, uint size, uint align) {       \
    ulong id = FIRST ? __reserve_##way##_pipe(p, count, size, align) : 0;                      \
    return SHARE(id);                                                                          \
  }
#define GROUP_COMMIT(scope, FIRST, SYNC, way)                                                  \
  void __##scope##_commit_##way##_pipe(pipe_t *p, ulong id, uint size, uint align) {           \
    SYNC;                                                                                      \
    if (FIRST)                                                                                 \
      __commit_##way##_pipe(p, id, size, align);                                               \
  }

#define WG_FIRST (get_local_linear_id() == 0)
#define SG_FIRST (get_sub_group_local_id() == 0)
#define WG_SYNC work_group_barrier(CLK_GLOBAL_MEM_FENCE)
#define SG_SYNC sub_group_barrier(CLK_GLOBAL_MEM_FENCE)

GROUP_RESERVE(work_group, WG_FIRST, work_group_reduce_max, write)
GROUP_RESERVE(work_group, WG_FIRST, work_group_reduce_max, read)
GROUP_RESERVE(sub_group, SG_FIRST, sub_group_reduce_max, write)
GROUP_RESERVE(sub_group, SG_FIRST, sub_group_reduce_max, read)
GROUP_COMMIT(work_group, WG_FIRST, WG_SYNC, write)
GROUP_COMMIT(work_group, WG_FIRST, WG_SYNC, read)
GROUP_COMMIT(sub_group, SG_FIRST, SG_SYNC, write)
GROUP_COMMIT(sub_group, SG_FIRST, SG_SYNC, read)
