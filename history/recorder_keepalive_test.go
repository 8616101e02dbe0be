package history

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A flood of keep-alives is recorded line for line as before, each with
// its own seq and time, but without encoding each afresh: a repeated
// keep-alive costs at most one allocation. Before, nine (the redactor's
// walk and encoding/json's reflection for each comment), which with
// everything else cost most of a core for a flooding stream.
func TestRecorderRepeatsKeepAliveLines(t *testing.T) {
	at := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	ka := func(seq int64, raw string, comments ...string) mcp.Record {
		return mcp.Record{Seq: seq, Time: at.Add(time.Duration(seq) * time.Millisecond), Kind: mcp.KindEvent,
			Event: &mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, ReqSeq: 3, Comments: comments, Raw: mcp.Raw(raw)}}
	}
	secret := "a-secret-token-1234"
	recs := []mcp.Record{
		ka(1, ": keepalive\n\n", "keepalive"), ka(2, ": keepalive\n\n", "keepalive"), ka(3, ": keepalive\n\n", "keepalive"),
		{Seq: 4, Time: at, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, ReqSeq: 3, Data: "{}", Raw: "data: {}\n\n"}},
		ka(5, ": keepalive\n\n", "keepalive"), ka(6, ": "+secret+"\n\n", secret), ka(7, ": "+secret+"\n\n", secret),
		{Seq: 8, Time: at.Add(time.Hour), Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 2, Comments: []string{"keepalive"}, Raw: ": keepalive\n\n"}},
		ka(9, ": keepalive\n\n", "keepalive"),
	}
	opts := RecordOptions{Tokens: []string{secret}}
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r, err := Create(path, Header{URL: "http://127.0.0.1:1/mcp"}, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if err := r.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	// Each line as a recorder that never saw another record writes it.
	fresh, err := Create(filepath.Join(t.TempDir(), "f.jsonl"), Header{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // the header
	for _, rec := range recs {
		if !sc.Scan() {
			t.Fatalf("the recording ends before record %d", rec.Seq)
		}
		want, _, err := fresh.encodeAfresh(rec)
		if err != nil {
			t.Fatal(err)
		}
		if got := sc.Bytes(); !bytes.Equal(got, bytes.Join(want.text, nil)) {
			t.Errorf("record %d:\n got %s\nwant %s", rec.Seq, got, bytes.Join(want.text, nil))
		}
		if bytes.Contains(sc.Bytes(), []byte(secret)) {
			t.Errorf("record %d holds the token: %s", rec.Seq, sc.Bytes())
		}
	}

	flood, err := Create(filepath.Join(t.TempDir(), "flood.jsonl"), Header{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer flood.Close()
	seq := int64(0)
	allocs := testing.AllocsPerRun(1000, func() {
		seq++
		if err := flood.Write(ka(seq, ": keepalive\n\n", "keepalive")); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 3 { // the record's own event and comments are two
		t.Errorf("a repeated keep-alive costs %.0f allocations to record, want at most 3 (the record's own 2 and 1)", allocs)
	}
}
