package history

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// liveBearer is the token the live session sends and the recording redacts.
const liveBearer = "live-bearer-0123456789"

// recordDemoSessionTwice runs a live session against the demo gateway,
// recorded, and feeds its records both to a Log holding them in memory and
// to one reading them back from the recording being written (what the TUI
// uses when it records). It returns both and the recorder's file.
func recordDemoSessionTwice(t *testing.T, transport string) (mem, file *Log, path string) {
	t.Helper()
	srv := demotest.Start(t, demo.Options{})
	path = filepath.Join(t.TempDir(), "live.jsonl")
	rec, err := Create(path, Header{URL: srv.URL, Transport: transport, Started: time.Now()}, RecordOptions{Tokens: []string{liveBearer}})
	if err != nil {
		t.Fatal(err)
	}
	mem, file = NewLog(), rec.NewLog()
	t.Cleanup(func() { file.Close() })
	if _, ok := file.st.(*fileStore); !ok {
		t.Fatalf("Recorder.NewLog gave a Log over %T, not the recording", file.st)
	}
	runDemoScript(t, srv, transport, liveBearer, rec, mem, file)
	return mem, file, path
}

// sameRecord says how a and b differ, "" when they do not: the time read
// back is the same instant, not the same Go value (no monotonic reading).
func sameRecord(a, b *mcp.Record) string {
	if (a == nil) != (b == nil) {
		return fmt.Sprintf("%v against %v", a, b)
	}
	if a == nil {
		return ""
	}
	x, y := *a, *b
	if !x.Time.Equal(y.Time) {
		return fmt.Sprintf("time %v against %v", x.Time, y.Time)
	}
	x.Time, y.Time = time.Time{}, time.Time{}
	// Every field a record has, as JSON spells it: what is derived and not
	// recorded (where an event's data lies in its bytes) is left out.
	xs, err := json.Marshal(x)
	if err != nil {
		return err.Error()
	}
	ys, err := json.Marshal(y)
	if err != nil {
		return err.Error()
	}
	if string(xs) != string(ys) {
		return fmt.Sprintf("\n %s\nagainst\n %s", xs, ys)
	}
	return ""
}

func TestLiveLogReadBackFromRecordingShowsWhatMemoryShows(t *testing.T) {
	for _, transport := range []string{mcp.TransportSSE, mcp.TransportStreamable} {
		t.Run(transport, func(t *testing.T) {
			mem, file, _ := recordDemoSessionTwice(t, transport)
			want := viewPairs(mem)
			if len(want) < 5 {
				t.Fatalf("the live session has only %d pairs", len(want))
			}
			assertSamePairs(t, "read back live", file, want)
			if mem.Len() != file.Len() || mem.EventCount() != file.EventCount() {
				t.Fatalf("read back live: %d records, %d events; in memory %d, %d", file.Len(), file.EventCount(), mem.Len(), mem.EventCount())
			}
			for i := range mem.Len() {
				if d := sameRecord(mem.At(i), file.At(i)); d != "" {
					t.Errorf("record %d read back differs: %s", i, d)
				}
			}
			for i := range mem.EventCount() {
				if d := sameRecord(mem.Event(i), file.Event(i)); d != "" {
					t.Errorf("event %d read back differs: %s", i, d)
				}
			}
			// What the detail pane shows of a pair: its records.
			for i := range mem.PairCount() {
				a, b := mem.Pair(i), file.Pair(i)
				for k, r := range []*mcp.Record{a.Request, a.Response, a.Post, a.Failure, a.Reply} {
					if d := sameRecord(r, []*mcp.Record{b.Request, b.Response, b.Post, b.Failure, b.Reply}[k]); d != "" {
						t.Errorf("pair %d (%s), record %d of its detail differs: %s", i, a.Method, k, d)
					}
				}
			}
			// The screen shows the token the session sent, as it did
			// when the Log held every record; only the file has it
			// redacted.
			shown := false
			for i := range file.Len() {
				if h := file.At(i).HTTP; h != nil && strings.Contains(strings.Join(h.RequestHeaders["Authorization"], ""), liveBearer) {
					shown = true
				}
			}
			if !shown {
				t.Error("read back live, no request shows the Authorization header the session sent")
			}
			fs := file.st.(*fileStore)
			fs.prune()
			if kept, total := fs.mem.n+len(fs.recent), file.Len(); kept*2 > total {
				t.Errorf("read back live, %d of %d records are still held in memory", kept, total)
			}
		})
	}
}

// A recording that stops being written (a full disk, say) loses nothing
// the screen shows: the records the file does not have stay in memory,
// and those it has still read back.
func TestLiveLogKeepsWhatTheFileDoesNotHave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cut.jsonl")
	rec, err := Create(path, Header{URL: "http://127.0.0.1:1/sse", Started: time.Now()}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l := rec.NewLog()
	defer l.Close()
	recs := notificationFlood(300)
	write := func(rs []mcp.Record) {
		for _, r := range rs {
			rec.Write(r) // the error is the test's point; the screen goes on
			l.Append(r)
		}
	}
	write(recs[:200])
	rec.timedFlush()
	// What the recorder writes to fails from now on; what the Log reads
	// from is another descriptor of the same file.
	rec.f.Close()
	write(recs[200:400])
	rec.timedFlush()
	write(recs[400:])
	if err := rec.Close(); err == nil {
		t.Fatal("the recording said nothing of its write error")
	}
	if l.Len() != len(recs) {
		t.Fatalf("the Log has %d records, want %d", l.Len(), len(recs))
	}
	for i := range recs {
		if d := sameRecord(&recs[i], l.At(i)); d != "" {
			t.Errorf("record %d: %s", i, d)
		}
	}
	fs := l.st.(*fileStore)
	if read := len(fs.pos) - fs.mem.n - len(fs.recent); read < 200 {
		t.Errorf("only %d records read back from the file, which has the first 200", read)
	}
}
