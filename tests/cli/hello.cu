// A host-only .cu: prints a macro from -D and a value from a header on -I.
#include <stdio.h>
#include "cli_answer.h"

#ifndef GREETING
#define GREETING "hello"
#endif

int main(void)
{
    printf("%s %d\n", GREETING, CLI_ANSWER);
    return 0;
}
