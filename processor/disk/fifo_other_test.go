//go:build !unix

package disk

import "errors"

func mkfifo(string) error { return errors.ErrUnsupported }
