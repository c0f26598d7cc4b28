file(REMOVE_RECURSE
  "../libcucpu_rt.a"
)
