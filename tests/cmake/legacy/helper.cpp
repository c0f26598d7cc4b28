// Plain C++: fills data with 0, 1, 2, ... (each residue mod 16 n/16 times).
void make_input(unsigned char *data, int n)
{
    for (int i = 0; i < n; i++)
        data[i] = (unsigned char)i;
}
