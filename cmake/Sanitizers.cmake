# CORECL_SANITIZE=address builds everything with ASan and UBSan,
# CORECL_SANITIZE=thread with TSan. Used by the 'sanitize' test runs.
if(CORECL_SANITIZE STREQUAL "address")
  # UBSan's vptr check needs RTTI for every polymorphic type, and the
  # compiler layer is built without it (LLVM's ABI), so it is left out.
  add_compile_options(-fsanitize=address,undefined -fno-sanitize=vptr -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined -fno-sanitize=vptr)
elseif(CORECL_SANITIZE STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
elseif(CORECL_SANITIZE)
  message(FATAL_ERROR "CORECL_SANITIZE must be empty, 'address' or 'thread'")
endif()
