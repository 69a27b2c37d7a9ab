target triple="spir64"
define void @f(ptr %p) {
  %x = add i32 %y, 1
  %y = add i32 %x, 1
 ret void
}
