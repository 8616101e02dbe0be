package proxy

import (
	"context"
	"errors"
	"io"
	"testing"
)

// heldNow is how many bytes of clients' bodies the room counts now.
func (b *bodyRoom) heldNow() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.held
}

// A chunked body a byte past a growth step is read into a buffer
// bodyGrowth times as large: once read, the proxy's budget for clients'
// bodies counts about the body, not that buffer (a 17 MiB POST counted
// 64 MiB against every other client's), and gives it all back at its end.
func TestChunkedBodyPastAGrowthStepCountsItsLength(t *testing.T) {
	const size = firstBodyBlock*bodyGrowth*bodyGrowth + 1 // 1 MiB and a byte: read into 4 MiB
	room := newBodyRoom(1<<30, nil)
	hold := &bodyHold{room: room, ctx: context.Background()}
	body, err := readLimited(&zeros{size}, -1, 64<<20, hold)
	if err != nil || len(body) != size {
		t.Fatalf("read %d bytes, error %v, want all %d", len(body), err, size)
	}
	if held := room.heldNow(); held != size {
		t.Errorf("the budget counts %d bytes for a body of %d, want its length", held, size)
	}
	if cap(body) != size {
		t.Errorf("the body is kept in a buffer of %d bytes, want its length, %d", cap(body), size)
	}
	hold.release()
	if held := room.heldNow(); held != 0 {
		t.Errorf("the body released, the budget still counts %d bytes, want 0", held)
	}
}

// endWith is a body whose last byte comes with err, as io.Reader allows;
// it fails any read after that.
type endWith struct {
	data []byte
	err  error
	done bool
}

var errReadAfterEnd = errors.New("read after the reader's end")

func (r *endWith) Read(p []byte) (int, error) {
	if r.done {
		return 0, errReadAfterEnd
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	if len(r.data) > 0 {
		return n, nil
	}
	r.done = true
	return n, r.err
}

// A body longer than it announced whose extra byte comes with the end, or
// with the error that broke it off: the end is the body's end, and the
// error is the body's error, not lost with the byte.
func TestExtraByteKeepsTheEndOrErrorItCameWith(t *testing.T) {
	body, err := readLimited(&endWith{data: []byte("abcd"), err: io.EOF}, 3, 100, nil)
	if err != nil || string(body) != "abcd" {
		t.Errorf("a body of 4 bytes announcing 3, its last with io.EOF: got %q, error %v, want all 4 and no error", body, err)
	}
	broken := errors.New("connection reset")
	body, err = readLimited(&endWith{data: []byte("abcd"), err: broken}, 3, 100, nil)
	if !errors.Is(err, broken) {
		t.Errorf("a body of 4 bytes announcing 3, its last with an error: got %q, error %v, want the error it came with", body, err)
	}
}

// A session's records keep a client's body itself, not a copy: a small
// chunked body (no length announced) is kept at its length, not in the
// first block it was read into (64 KiB for each message a watcher keeps).
func TestSmallChunkedBodyIsKeptAtItsLength(t *testing.T) {
	const size = 100
	body, err := readLimited(&zeros{size}, -1, 64<<20, nil)
	if err != nil || len(body) != size {
		t.Fatalf("read %d bytes, error %v, want all %d", len(body), err, size)
	}
	if cap(body) != size {
		t.Errorf("the body is kept in a buffer of %d bytes, want its length, %d", cap(body), size)
	}
}
