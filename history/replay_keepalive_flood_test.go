package history

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// ping is the keep-alive comment floodSession floods by default.
var ping = mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, Comments: []string{"ping"}, Raw: ": ping\n\n"}

// every is the flood of one keep-alive, ev, again and again.
func every(ev mcp.SSEEvent) func(int) mcp.SSEEvent { return func(int) mcp.SSEEvent { return ev } }

// stamped is sse-starlette's flood: `: ping - <time>`, each keep-alive
// naming when it was sent, the k-th k microseconds on.
func stamped(k int) mcp.SSEEvent {
	c := "ping - " + time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC).Add(time.Duration(k)*time.Microsecond).Format("2006-01-02 15:04:05.000000Z07:00")
	return mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, Comments: []string{c}, Raw: mcp.Raw(": " + c + "\n\n")}
}

// floodSession hands each the records of a session whose server flooded
// pings keep-alives (ka(k) the k-th) between notes, then a few of another
// comment.
func floodSession(pings int, ka func(int) mcp.SSEEvent, each func(mcp.Record)) {
	at := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	seq := int64(0)
	emit := func(ev mcp.SSEEvent) {
		seq++
		each(mcp.Record{Seq: seq, Time: at.Add(time.Duration(seq) * time.Microsecond), Kind: mcp.KindEvent, Event: &ev})
	}
	note := func(n int) {
		emit(mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, Name: "message", Data: mcp.Raw(floodNote(n)), Raw: mcp.Raw("data: " + floodNote(n) + "\n\n")})
	}
	note(0)
	for k := range pings {
		emit(ka(k))
	}
	note(1)
	for range 3 {
		emit(mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, Comments: []string{"still here"}, Raw: ": still here\n\n"})
	}
	note(2)
}

// A recording of a keep-alive flood replays and exports with an index of
// the recording that holds the run's first line, not a line (32 bytes) a
// keep-alive: two million of them cost 64 MB, ten minutes of a flood
// gigabytes, where the live view of the same session held one entry. What
// the replay shows is what the live view showed: the same rows, a row for
// the run with its count and its newest's time, every record counted.
//
// A keep-alive is any block an EventSource would not dispatch, as the live
// index has it: a flood of retry fields alone, or of a line it ignores
// ("x"), indexed a line each. Nor need they be the same: comments that
// each say when they were sent, or blocks of an id alone, were indexed a
// line each, and a replay shows the newest's text, as the live view did.
//
// pastBounds comments (69,632) are past every bound of the index (a chunk,
// maxRefDistance) and an index of a line each would hold 7,000 times the
// few lines allowed; two million cost three and a half minutes of a -race
// run on a busy machine, half of go test's ten to time the whole package,
// and a hundred thousand 26s of it, reading past the bounds for nothing.
func TestReplayKeepAliveFloodCostsOneEntry(t *testing.T) {
	for _, tc := range floods {
		t.Run(tc.name, func(t *testing.T) { replayFloodCostsOneEntry(t, tc.pings, tc.ka) })
	}
}

// pastBounds is a flood four chunks past maxRefDistance.
const pastBounds = maxRefDistance + 4<<chunkBits

// floods are the keep-alive floods a replay holds to one entry: how many
// keep-alives each floods, and the k-th.
var floods = []struct {
	name  string
	pings int
	ka    func(int) mcp.SSEEvent
}{
	{"comments", pastBounds, every(ping)},
	{"a retry field", 20_000, every(mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, Retry: "1000", Raw: "retry: 1000\n\n"})},
	{"a line EventSource ignores", 20_000, every(mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, Raw: "x\n\n"})},
	{"comments that differ", pastBounds, stamped},
	{"ids alone", 20_000, func(k int) mcp.SSEEvent {
		id := fmt.Sprintf("%06d", k)
		return mcp.SSEEvent{Conn: 1, Stream: mcp.StreamListen, ID: id, HasID: true, Raw: mcp.Raw("id: " + id + "\n\n")}
	}},
}

func replayFloodCostsOneEntry(t *testing.T, pings int, ka func(int) mcp.SSEEvent) {
	path := filepath.Join(t.TempDir(), "flood.jsonl")
	live := NewLog()
	writeFloodRecording(t, path, pings, ka, func(r mcp.Record) { live.Append(r) })
	total := live.Stats().Records
	if first, last := ka(0), ka(pings-1); first.Raw != last.Raw && newestRaw(live, 1) != string(last.Raw) {
		t.Errorf("the live view's row of the flood ends with %q, want the newest keep-alive %q", newestRaw(live, 1), last.Raw)
	}

	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	replay := p.NewLog()
	playAll(t, p, replay)
	if n := p.src.len(); n > 10 {
		t.Errorf("the replay's index of the recording holds %d lines after %d keep-alives, want the few other records and the runs' first", n, pings)
	}
	if p.Total() != total || p.Position() != total {
		t.Errorf("the replay is at %d of %d records, want %d of %d", p.Position(), p.Total(), total, total)
	}
	sameRows(t, "the replay", replay, live)

	exported, _, _, err := LoadLog(path)
	if err != nil {
		t.Fatal(err)
	}
	defer exported.Close()
	if n := exported.st.(*fileStore).src.len(); n > 10 {
		t.Errorf("an export's index of the recording holds %d lines after %d keep-alives", n, pings)
	}
	sameRows(t, "the export", exported, live)
}

// sameRows checks that got shows the events pane and the counts want does.
func sameRows(t *testing.T, what string, got, want *Log) {
	t.Helper()
	if g, w := got.Stats(), want.Stats(); g.Records != w.Records || g.Events != w.Events || g.Bytes != w.Bytes {
		t.Errorf("%s counts %d records, %d events, %d bytes; the live view %d, %d, %d", what, g.Records, g.Events, g.Bytes, w.Records, w.Events, w.Bytes)
	}
	if got.EventCount() != want.EventCount() {
		t.Fatalf("%s has %d rows of events, the live view %d", what, got.EventCount(), want.EventCount())
	}
	for i := range want.EventCount() {
		gr, wr := got.EventRun(i), want.EventRun(i)
		gn, gt, wn, wt := gr.N, gr.Last, wr.N, wr.Last
		g, w := got.Event(i), want.Event(i)
		if gn != wn || !gt.Equal(wt) || g.Seq != w.Seq || string(g.Event.Raw) != string(w.Event.Raw) {
			t.Errorf("%s's row %d is record %d %q ×%d (newest at %s), the live view's record %d %q ×%d (newest at %s)",
				what, i, g.Seq, g.Event.Raw, gn, gt.Format(time.RFC3339Nano), w.Seq, w.Event.Raw, wn, wt.Format(time.RFC3339Nano))
		}
		if g, w := newestRaw(got, i), newestRaw(want, i); g != w {
			t.Errorf("%s's row %d ends its run with %q, the live view's with %q", what, i, g, w)
		}
		if g, w := newestID(got, i), newestID(want, i); g != w {
			t.Errorf("%s's row %d has the newest id %q, the live view's %q", what, i, g, w)
		}
	}
}

// newestRaw is the bytes of the newest keep-alive of row i's run when they
// are not the row's own, "" otherwise.
func newestRaw(l *Log, i int) string {
	if ev := l.EventRun(i).Newest; ev != nil {
		return string(ev.Raw)
	}
	return ""
}

// newestID is the newest id of row i's run when it is not the row's own
// block's, "" otherwise.
func newestID(l *Log, i int) string {
	if ev := l.EventRun(i).NewestID; ev != nil {
		return "id " + ev.ID
	}
	return ""
}

// A replay paces a run of keep-alives as they came: halfway through the
// flood's time the row counts the keep-alives of its first half, and a step
// adds one, as a replay of the same records held in memory does.
func TestReplayKeepAliveRunKeepsItsPace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flood.jsonl")
	rec, err := Create(path, testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var recs []mcp.Record
	floodSession(1000, every(ping), func(r mcp.Record) {
		if err == nil {
			err = rec.Write(r)
		}
		recs = append(recs, r)
	})
	if cerr := rec.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	mem := NewPlayer(p.Header(), recs)
	c := &fakeClock{t: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	p.Now, mem.Now = c.now, c.now
	replay, want := p.NewLog(), NewLog()
	for _, tick := range []func(*Player) []mcp.Record{
		func(pl *Player) []mcp.Record { return pl.Due(c.now()) },
		func(pl *Player) []mcp.Record { return pl.Due(c.now().Add(500 * time.Microsecond)) },
		func(pl *Player) []mcp.Record { return pl.Step() },
	} {
		replay.Append(tick(p)...)
		want.Append(tick(mem)...)
		if p.Position() != mem.Position() {
			t.Fatalf("the replay is at record %d, a replay of the records in memory at %d", p.Position(), mem.Position())
		}
		sameRows(t, "the replay", replay, want)
	}
	if n := replay.EventRun(1).N; n != 501 {
		t.Errorf("halfway through the flood and a step on, its row counts %d keep-alives, want 501", n)
	}
}
