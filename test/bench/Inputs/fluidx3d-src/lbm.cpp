// A stand-in for FluidX3D's src/lbm.cpp: its two device_defines, the shape of the real ones.
string LBM_Domain::device_defines(const Device_Info& device_info) const { return
	"\n	#define def_Nx "+to_string(Nx)+"u"
	"\n	#define def_velocity_set "+to_string(velocity_set)+"u"
#if defined(D2Q9)
	"\n	#define def_w0 (1.0f/2.25f)"
#endif // D2Q9
#ifdef FP16S
	"\n	#define fpxx half"
#endif // FP16S
;}
string LBM_Domain::Graphics::device_defines(const Device_Info& device_info) const { return
	"\n	#define GRAPHICS"
	"\n	#define def_screen_width "+to_string(camera.width)+"u"
;}
