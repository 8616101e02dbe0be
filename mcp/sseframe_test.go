package mcp

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	sse "github.com/tmaxmax/go-sse"
)

// tapEvents runs the tap and go-sse over input delivered in chunks of n
// bytes, the way the session does, and returns the joined events in order.
func tapEvents(t *testing.T, input string, n int) ([]*SSEEvent, error) {
	t.Helper()
	var out []*SSEEvent
	var r io.Reader = strings.NewReader(input)
	if n > 0 {
		r = &chunkReader{s: input, n: n}
	}
	tap := &sseTap{r: r, deliver: func(ev *SSEEvent, _ bool) { out = append(out, ev) }}
	var readErr error
	for ev, err := range sse.Read(tap, &sse.ReadConfig{MaxEventSize: 1 << 20}) {
		if err != nil {
			readErr = err
			break
		}
		tap.parsed(ev.Type, ev.Data)
	}
	tap.drain()
	return out, readErr
}

type chunkReader struct {
	s string
	n int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	k := min(c.n, len(c.s), len(p))
	copy(p, c.s[:k])
	c.s = c.s[k:]
	return k, nil
}

func TestTapKeepsWhatParsersDrop(t *testing.T) {
	input := "event: endpoint\r\ndata:/sse?sessionid=A\r\n\r\n" +
		": ping\n\n" +
		"retry: 3000\n\n" +
		"id: 7\nevent: message\ndata: {\"id\":1}\n: trailing comment\n\n" +
		"data: line1\ndata: line2\n\n" +
		"data: no terminator at EOF"
	want := []struct {
		name, data, raw, id, retry string
		comments                   []string
	}{
		{"endpoint", "/sse?sessionid=A", "event: endpoint\r\ndata:/sse?sessionid=A\r\n\r\n", "", "", nil},
		{"", "", ": ping\n\n", "", "", []string{"ping"}},
		{"", "", "retry: 3000\n\n", "", "3000", nil},
		{"message", `{"id":1}`, "id: 7\nevent: message\ndata: {\"id\":1}\n: trailing comment\n\n", "7", "", []string{"trailing comment"}},
		{"", "line1\nline2", "data: line1\ndata: line2\n\n", "", "", nil},
		// go-sse refuses an event cut off by EOF; its bytes are still kept.
		{"", "", "data: no terminator at EOF", "", "", nil},
	}
	for _, chunk := range []int{0, 1, 2, 3, 7, 64} {
		got, err := tapEvents(t, input, chunk)
		if err == nil || !strings.Contains(err.Error(), "unexpected end of input") {
			t.Errorf("chunk %d: err = %v, want go-sse's unexpected end of input", chunk, err)
		}
		if len(got) != len(want) {
			t.Fatalf("chunk %d: got %d events, want %d", chunk, len(got), len(want))
		}
		var whole strings.Builder
		for i, w := range want {
			g := got[i]
			whole.WriteString(string(g.Raw))
			if g.Name != w.name || string(g.Data) != w.data || g.ID != w.id || g.Retry != w.retry || strings.Join(g.Comments, "|") != strings.Join(w.comments, "|") {
				t.Errorf("chunk %d event %d = {%q %q id %q retry %q comments %q}, want {%q %q id %q retry %q comments %q}",
					chunk, i, g.Name, g.Data, g.ID, g.Retry, g.Comments, w.name, w.data, w.id, w.retry, w.comments)
			}
			// One byte at a time, a CR at the end of a chunk cannot see its LF yet;
			// that LF then opens the next block. Every byte still lands once.
			if chunk != 1 && string(g.Raw) != w.raw {
				t.Errorf("chunk %d event %d raw = %q, want %q", chunk, i, g.Raw, w.raw)
			}
		}
		if whole.String() != input {
			t.Errorf("chunk %d: the raw blocks do not add up to the input", chunk)
		}
	}
}

func TestTapOnErrorReader(t *testing.T) {
	tap := &sseTap{r: iotest.ErrReader(io.ErrUnexpectedEOF), deliver: func(*SSEEvent, bool) {}}
	for _, err := range sse.Read(tap, nil) {
		if err == nil {
			t.Fatal("want the reader's error")
		}
	}
}

func TestTapRefusesAnEndlessEvent(t *testing.T) {
	endless := "data: " + strings.Repeat("x", 100<<10)
	tap := &sseTap{r: strings.NewReader(endless + "\n"), max: 64 << 10, deliver: func(*SSEEvent, bool) {}}
	var err error
	for _, e := range sse.Read(tap, &sse.ReadConfig{MaxEventSize: 1 << 20}) {
		err = e
	}
	if err == nil || !strings.Contains(err.Error(), "--max-event-size") {
		t.Fatalf("err = %v, want one that names --max-event-size", err)
	}
}

// BenchmarkTapBigEvent shows that a large event costs time in proportion to
// its size, even when it arrives in many small reads.
func BenchmarkTapBigEvent(b *testing.B) {
	ev := "event: message\ndata: " + strings.Repeat("x", 30<<20) + "\n\n"
	for b.Loop() {
		tap := &sseTap{r: &chunkReader{s: ev, n: 32 << 10}, deliver: func(*SSEEvent, bool) {}}
		for e, err := range sse.Read(tap, &sse.ReadConfig{MaxEventSize: 64 << 20}) {
			if err != nil {
				b.Fatal(err)
			}
			tap.parsed(e.Type, e.Data)
		}
	}
}

// FuzzTapAgreesWithGoSSE holds the tap's shortcut for canonical blocks to
// go-sse: whatever the bytes and however they are split into reads, the
// events delivered are the ones sse.Read finds in the same bytes, and the
// blocks' raw bytes add up to the input.
func FuzzTapAgreesWithGoSSE(f *testing.F) {
	f.Add("event: message\ndata: {\"id\":1}\n\n: ping\n\ndata: x\n\n", uint8(0))
	f.Add("event: endpoint\r\ndata:/sse?sessionid=A\r\n\r\nevent: message\ndata: {}\n\n", uint8(3))
	f.Add("\xef\xbb\xbf: hi\n\ndata: a\n\n\xef\xbb\xbfdata: b\n\ndata: c\n\n", uint8(1))
	f.Add("data: a\ndata: b\n\nevent: x\n\nid: 3\n\nretry: 5\n\ndata\n\nevent:\ndata:  two spaces\n\n", uint8(5))
	f.Add("data: a\r\rdata: b\r\n\r\ndata: cut", uint8(2))
	f.Add("datax: a\n\ndata : b\n\nDATA: c\n\n:\n\nid: \x00\n\ndata: d\n", uint8(7))
	f.Fuzz(func(t *testing.T, input string, chunk uint8) {
		type event struct{ name, data string }
		var want []event
		var wantErr error
		for ev, err := range sse.Read(strings.NewReader(input), &sse.ReadConfig{MaxEventSize: 1 << 20}) {
			if err != nil {
				wantErr = err
				break
			}
			want = append(want, event{ev.Type, ev.Data})
		}
		var got []event
		var raw strings.Builder
		var r io.Reader = strings.NewReader(input)
		if chunk > 0 {
			r = &chunkReader{s: input, n: int(chunk)}
		}
		tap := &sseTap{r: r, deliver: func(ev *SSEEvent, dispatched bool) {
			raw.WriteString(string(ev.Raw))
			if dispatched {
				got = append(got, event{ev.Name, string(ev.Data)})
			}
		}}
		var gotErr error
		for ev, err := range sse.Read(tap, &sse.ReadConfig{MaxEventSize: 1 << 20}) {
			if err != nil {
				gotErr = err
				break
			}
			tap.parsed(ev.Type, ev.Data)
		}
		tap.drain()
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("error %v, go-sse alone says %v", gotErr, wantErr)
		}
		if len(got) != len(want) {
			t.Fatalf("%d events %q, go-sse finds %d %q", len(got), got, len(want), want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("event %d = %q, go-sse says %q", i, got[i], want[i])
			}
		}
		if raw.String() != input {
			t.Fatalf("raw blocks add up to %q, not the input", raw.String())
		}
	})
}
