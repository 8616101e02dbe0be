package history

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// An event whose name is a megabyte of control bytes is stored once in the
// recording, in its raw bytes (name_at), not a second time spelt out: each
// control byte is six on disk, and the recording of one such event was
// twice that, the spelt copy built in memory whole. Replayed, the event
// reads back with its name whole, every byte the server sent.
func TestLongEventNameIsStoredOnce(t *testing.T) {
	name := strings.Repeat("\x01", 1<<20)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	live := recordLive(t, ctx, false, isNote)
	if err := live.Conn.WriteRaw("event: " + name + "\ndata: long name\n\n"); err != nil {
		t.Fatal(err)
	}
	if err := live.Conn.Message(floodNote(1)); err != nil {
		t.Fatal(err)
	}
	live.wait(t, ctx, "the note after the event with the long name")
	if err := live.Rec.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(live.Path)
	if err != nil {
		t.Fatal(err)
	}
	if escaped := int64(6 * len(name)); st.Size() > escaped+escaped/2 {
		t.Errorf("the recording of one event with a name of %d control bytes is %d bytes, want the name stored once (%d bytes escaped)", len(name), st.Size(), escaped)
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
		if ev := l.Event(i).Event; ev.Name == name && string(ev.Data) == "long name" {
			found = true
		}
	}
	if !found {
		t.Errorf("the replayed recording has no event with the %d-byte name and its data", len(name))
	}
}

// A short name is spelt out as ever, and a long one spelt out (a recording
// made before name_at) reads back as it did.
func TestEventNameSpeltOutStillReads(t *testing.T) {
	var e encoder
	ev := &mcp.SSEEvent{Name: "message", Raw: "event: message\ndata: x\n\n", Data: "x"}
	if d := e.event(ev); d.NameAt != nil || d.SSEEvent.Name != "message" {
		t.Errorf("a short name is stored as name_at %v, name %q; want it spelt out", d.NameAt, d.SSEEvent.Name)
	}
	long := strings.Repeat("n", 2*atAbove)
	line := `{"seq":3,"time":"2026-11-20T21:57:41Z","kind":"event","event":{"conn":1,"name":"` + long + `","raw":"event: ` + long + `\ndata: x\n\n","data":"x"}}`
	var d decoder
	rec, err := d.decode([]byte(line))
	if err != nil || rec.Event == nil || rec.Event.Name != long {
		t.Errorf("an older recording's long name spelt out reads back as %v, %v; want it whole", rec.Event, err)
	}
}
