package proxy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// errTooLarge is a client's message past the size limit.
var errTooLarge = errors.New("too large")

// bodyError is a client's message that could not be read whole: err is
// why, read how many bytes of it came, size how many it announced (-1:
// none).
type bodyError struct {
	err  error
	read int
	size int64
}

func (e *bodyError) Error() string { return fmt.Sprintf("%v after %s", e.err, e.came()) }

func (e *bodyError) Unwrap() error { return e.err }

// came says how much of the body came: "10 of its 100 bytes".
func (e *bodyError) came() string {
	if e.size >= 0 {
		return fmt.Sprintf("%d of its %d bytes", e.read, e.size)
	}
	return fmt.Sprintf("%d bytes", e.read)
}

// readLimited reads all of r, up to limit bytes. size is the length r
// announced (-1 when unknown): one past the limit is refused before a byte
// is read, and one within it is read into a buffer of its size, where
// growing one as it comes would cost twice the message or more.
func readLimited(r io.Reader, size, limit int64) ([]byte, error) {
	if size > limit {
		return nil, errTooLarge
	}
	var buf bytes.Buffer
	if size > 0 {
		// ReadFrom wants MinRead bytes free before each read, the last
		// (which finds the end) too.
		buf.Grow(int(size) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1)); err != nil {
		return nil, &bodyError{err: err, read: buf.Len(), size: size}
	}
	if int64(buf.Len()) > limit {
		return nil, errTooLarge
	}
	return buf.Bytes(), nil
}
