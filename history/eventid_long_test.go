package history

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// An event whose id is a megabyte is stored once in the recording, in its
// raw bytes, not a second time spelt out: the recording of one such event
// was twice its size. Replayed, the event reads back with its id whole.
func TestLongEventIDIsStoredOnce(t *testing.T) {
	id := strings.Repeat("i", 1<<20)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	live := recordLive(t, ctx, false, isNote)
	if err := live.Conn.WriteRaw("id: " + id + "\nevent: message\ndata: " + floodNote(1) + "\n\n"); err != nil {
		t.Fatal(err)
	}
	live.wait(t, ctx, "the event with the long id")
	if err := live.Rec.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(live.Path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > 3<<19 {
		t.Errorf("the recording of one event with an id of %d bytes is %d bytes, want the id stored once", len(id), st.Size())
	}

	p, err := Load(live.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	l := p.NewLog()
	defer l.Close()
	playAll(t, p, l)
	found := false
	for i := range l.EventCount() {
		if ev := l.Event(i).Event; ev.ID == id && ev.HasID && string(ev.Data) == floodNote(1) {
			found = true
		}
	}
	if !found {
		t.Errorf("the replayed recording has no event with the %d-byte id and its data", len(id))
	}
}
