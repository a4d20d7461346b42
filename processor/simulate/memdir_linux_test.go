package simulate

import "syscall"

// memDir is /dev/shm when it is a folder with 256 MB free (a container's
// default /dev/shm is 64 MB), else "".
func memDir() string {
	var st syscall.Statfs_t
	if err := syscall.Statfs("/dev/shm", &st); err != nil || uint64(st.Bavail)*uint64(st.Bsize) < 256<<20 {
		return ""
	}
	return "/dev/shm"
}
