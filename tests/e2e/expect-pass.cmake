# expect-pass.cmake: cmake -DPROGRAM=<exe> -P expect-pass.cmake
# Runs PROGRAM (the environment, e.g. OMP_NUM_THREADS, passes through),
# echoes its output, and fails unless it exits 0 AND prints a line "PASS".
if(NOT DEFINED PROGRAM)
  message(FATAL_ERROR "expect-pass.cmake: set -DPROGRAM=<executable>")
endif()
execute_process(COMMAND ${PROGRAM}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "${PROGRAM}: exit status ${rc}, expected 0")
endif()
if(NOT out MATCHES "(^|\n)PASS\r?\n")
  message(FATAL_ERROR "${PROGRAM}: no line \"PASS\" on stdout")
endif()
