; Two loads through global pointers read from a private struct (random
; --writers seed 2, gfx90a): `flat` as clang's build (the second load issued
; when the first has returned), `named` as the plugin's (both in flight).
	.text
	.type	flat,@function
flat:
	buffer_load_dword v2, off, s[0:3], 0 offset:24
	buffer_load_dword v3, off, s[0:3], 0 offset:28
	buffer_load_dword v1, off, s[0:3], 0 offset:32
	buffer_load_dword v4, off, s[0:3], 0 offset:36
	s_waitcnt vmcnt(2)
	flat_load_dword v2, v[2:3]
	s_waitcnt vmcnt(0)
	flat_load_dword v3, v[0:1]
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_add_u32_e32 v5, v2, v3
	s_endpgm
.Lfunc_end0:
	.type	named,@function
named:
	buffer_load_dword v2, off, s[0:3], 0 offset:24
	buffer_load_dword v3, off, s[0:3], 0 offset:28
	buffer_load_dword v1, off, s[0:3], 0 offset:32
	buffer_load_dword v4, off, s[0:3], 0 offset:36
	s_waitcnt vmcnt(2)
	global_load_dword v2, v[2:3], off
	s_waitcnt vmcnt(2)
	s_waitcnt vmcnt(1)
	global_load_dword v3, v[0:1], off
	s_waitcnt vmcnt(0)
	s_waitcnt_vscnt null, 0x0
	s_waitcnt_depctr 0xffe3
	v_add_u32_e32 v5, v2, v3
	s_endpgm
.Lfunc_end1:
	.amdhsa_kernel flat
	.end_amdhsa_kernel
	.amdhsa_kernel named
	.end_amdhsa_kernel
