package proxy

import (
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
// is read. A length within it is a promise, not bytes: setting aside the
// whole of it at once let a client that announced 60 MB and sent one byte
// hold 60 MB of the proxy for as long as its body may take. So what is
// set aside grows with what came, bodyGrowth-fold each time it fills (a
// client holds at most bodyGrowth times what it sent, beyond the first
// firstBodyBlock), up to the announced size exactly, never past it as a
// doubling buffer's last step would.
func readLimited(r io.Reader, size, limit int64) ([]byte, error) {
	if size > limit {
		return nil, errTooLarge
	}
	// One byte past the most there may be: the read that finds the end,
	// or the byte that is one too many, needs room.
	most := limit + 1
	if size >= 0 {
		most = size + 1
	}
	buf := make([]byte, 0, min(firstBodyBlock, most))
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) >= most {
				// Past the limit, or past the length announced (which
				// net/http never reads past): only the limit bounds it.
				if most > limit {
					return nil, errTooLarge
				}
				most = limit + 1
			}
			grown := make([]byte, len(buf), min(bodyGrowth*int64(cap(buf)), most))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &bodyError{err: err, read: len(buf), size: size}
		}
	}
	if int64(len(buf)) > limit {
		return nil, errTooLarge
	}
	return buf, nil
}

// How a client's body is read: into firstBodyBlock bytes, then into one
// bodyGrowth times as large each time it fills.
const (
	firstBodyBlock = 64 << 10
	bodyGrowth     = 4
)
