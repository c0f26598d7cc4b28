/* Found only through -I tests/cli/inc. */
#define CLI_ANSWER 42
