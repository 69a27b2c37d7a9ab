// A stand-in for FluidX3D's src/utilities.hpp: what the harness's code uses.
#include <iostream>
#include <string>
using std::string;
using std::to_string;
typedef unsigned int uint;
typedef unsigned long ulong;
