; PASSES: function(print<scalar-evolution>),corecl-fold-step-only-loops
; Scalar evolution asked about a loop before the fold (as the loop passes
; before it in the preparation do) found no trip count: the exit compares
; a value loaded from memory. Once LICM has promoted the value the fold
; must ask again, not take the old answer (at -cl-opt-disable, random
; programs' step loops on a private array element stayed, four billion
; trips in a packet).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define void @steps_from_unknown(
; CHECK-NOT: br i1
; CHECK: store i32 0, ptr %a
; CHECK: ret void
define void @steps_from_unknown(ptr %a, i32 %w) {
entry:
  %b = getelementptr inbounds i8, ptr %a, i64 4
  %start = xor i32 %w, 1978413549
  store i32 %start, ptr %a, align 4
  br label %loop
loop:
  %v = load i32, ptr %a, align 4
  %u = load i32, ptr %b, align 4
  %v.next = add i32 %v, 2142534159
  %u.next = sub i32 %u, 3141354025
  store i32 %v.next, ptr %a, align 4
  store i32 %u.next, ptr %b, align 4
  %done = icmp eq i32 %v.next, 0
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
