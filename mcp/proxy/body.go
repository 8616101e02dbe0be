package proxy

import (
	"errors"
	"fmt"
	"io"
)

// errTooLarge is a client's message past the size limit.
var errTooLarge = errors.New("too large")

// errNoRoom is a client's message the proxy had no room for: its budget
// for clients' bodies (bodyRoom) stayed full while it waited.
var errNoRoom = errors.New("no room")

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
// firstBodyBlock), up to the most there may be (the announced size, or
// the limit) exactly. Once that is full, what is left is the end or one
// byte too many, read into a byte of its own: room set aside for that one
// byte cost a second buffer as large as the limit, so every body of
// --max-event-size (64 MiB is 64 KiB times a power of bodyGrowth) and
// every one refused past it held twice the limit at once.
// Each buffer past the first is taken from hold as it is made (nil takes
// from no budget), and the one it replaces given back: what the body holds
// once read stays taken, for the caller to release; a body refused holds
// nothing.
func readLimited(r io.Reader, size, limit int64, hold *bodyHold) (body []byte, err error) {
	defer func() {
		if err != nil {
			hold.release()
		}
	}()
	if size > limit {
		return nil, errTooLarge
	}
	most := limit
	if size >= 0 {
		most = size
	}
	buf := make([]byte, 0, min(firstBodyBlock, most))
	var extra [1]byte
	for {
		var n int
		var err error
		switch {
		case len(buf) < cap(buf):
			n, err = r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
		case int64(len(buf)) < most:
			if buf, err = grown(buf, most, hold); err != nil {
				return nil, err
			}
			continue
		default:
			n, err = r.Read(extra[:])
			if n > 0 {
				if most >= limit {
					return nil, errTooLarge
				}
				// Past the length announced (which net/http never
				// reads past): only the limit bounds it.
				most = limit
				// The byte can come with the end, or with why the body
				// broke off (io.Reader allows both at once): err is kept.
				var gerr error
				if buf, gerr = grown(buf, most, hold); gerr != nil {
					return nil, gerr
				}
				buf = append(buf, extra[0])
			}
		}
		if err == io.EOF {
			return fitted(buf, hold), nil
		}
		if err != nil {
			return nil, &bodyError{err: err, read: len(buf), size: size}
		}
	}
}

// grown is buf with bodyGrowth times the room (firstBodyBlock at least),
// never more than most bytes, its room taken from hold and buf's given
// back (the first block was never taken); errNoRoom when there is none.
func grown(buf []byte, most int64, hold *bodyHold) ([]byte, error) {
	size := min(max(bodyGrowth*int64(cap(buf)), firstBodyBlock), most)
	old, ok := hold.grow(size)
	if !ok {
		return nil, errNoRoom
	}
	g := make([]byte, len(buf), size)
	copy(g, buf)
	hold.give(old)
	return g, nil
}

// fitted is buf, read whole, copied to its exact length when its buffer
// is larger, the difference given back to hold when the buffer was taken
// from it (past the first block). A chunked body a byte past a growth step
// otherwise kept, and counted against every client's bodies, a buffer
// bodyGrowth times its length until its exchange ended: 17 MiB held 64.
// And the session's records keep the body itself (mcp.Observer's
// ClientMessage copies nothing), for as long as a watcher keeps them: a
// chunked message of a hundred bytes kept the first block, 64 KiB. A body
// of the length it announced is read into a buffer of that length, and
// never copied.
func fitted(buf []byte, hold *bodyHold) []byte {
	if cap(buf) == len(buf) {
		return buf
	}
	f := make([]byte, len(buf))
	copy(f, buf)
	if cap(buf) > firstBodyBlock {
		hold.shrink(int64(len(f)))
	}
	return f
}

// How a client's body is read: into firstBodyBlock bytes, then into one
// bodyGrowth times as large each time it fills.
const (
	firstBodyBlock = 64 << 10
	bodyGrowth     = 4
)
