package history

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An event whose id is a megabyte is stored once in the recording, in its
// raw bytes, not a second time spelt out: the recording of one such event
// was twice its size. Replayed, the event reads back with its id whole.
func TestLongEventIDIsStoredOnce(t *testing.T) {
	id := strings.Repeat("i", 1<<20)
	srv := mcptest.New(t, mcptest.Options{})
	path := filepath.Join(t.TempDir(), "long-id.jsonl")
	rec, err := Create(path, Header{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Started: time.Now()}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewSession(mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	got, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for batch := range Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }) {
			for _, r := range batch {
				if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "notifications/message" {
					close(got)
				}
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	conn, err := srv.WaitConn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.WriteRaw("id: " + id + "\nevent: message\ndata: " + floodNote(1) + "\n\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-got:
	case <-ctx.Done():
		t.Fatal("the event with the long id did not arrive")
	}
	s.Close()
	<-done
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > 3<<19 {
		t.Errorf("the recording of one event with an id of %d bytes is %d bytes, want the id stored once", len(id), st.Size())
	}

	p, err := Load(path)
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
