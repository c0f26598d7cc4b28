// Does not compile: cucpu must fail and leave no output file.
int main(void)
{
    return this_is_not_declared;
}
