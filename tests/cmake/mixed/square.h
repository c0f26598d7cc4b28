#pragma once
// Squares the n floats at device pointer d_x (a kernel launch).
void square_on_device(float *d_x, int n);
