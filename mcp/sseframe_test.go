package mcp

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unsafe"

	sse "github.com/tmaxmax/go-sse"
)

// tapBlocks runs the tap and go-sse over r the way the session does and
// returns every block delivered, in order, with whether it was an event.
func tapBlocks(r io.Reader, max int) (blocks []*SSEEvent, dispatched []bool, err error) {
	tap := &sseTap{r: r, max: max, deliver: func(ev *SSEEvent, d bool) {
		blocks, dispatched = append(blocks, ev), append(dispatched, d)
	}}
	err = tap.run()
	return blocks, dispatched, err
}

// splitReader delivers input in reads of n bytes, or all at once for 0.
func splitReader(input string, n int) io.Reader {
	if n > 0 {
		return &chunkReader{s: input, n: n}
	}
	return strings.NewReader(input)
}

// tapEvents runs the tap over input delivered in chunks of n bytes and
// returns the joined events in order.
func tapEvents(t *testing.T, input string, n int) ([]*SSEEvent, error) {
	t.Helper()
	blocks, _, err := tapBlocks(splitReader(input, n), 0)
	return blocks, err
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
		// An event no blank line ended is no event (go-sse discards it, as
		// the SSE specification says); its bytes are still kept.
		{"", "", "data: no terminator at EOF", "", "", nil},
	}
	for _, chunk := range []int{0, 1, 2, 3, 7, 64} {
		got, err := tapEvents(t, input, chunk)
		if err != nil {
			t.Errorf("chunk %d: err = %v, want a clean end of input", chunk, err)
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
	if err := tap.run(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("err = %v, want the reader's error", err)
	}
}

func TestTapRefusesAnEndlessEvent(t *testing.T) {
	endless := "data: " + strings.Repeat("x", 100<<10)
	tap := &sseTap{r: strings.NewReader(endless + "\n"), max: 64 << 10, deliver: func(*SSEEvent, bool) {}}
	if err := tap.run(); !isTooLarge(err) || !strings.Contains(err.Error(), "65536-byte limit") {
		t.Fatalf("err = %v, want an event past the limit", err)
	}
}

func TestTapEndsTheStreamAtAnOversizedBlock(t *testing.T) {
	// A comment is not an event, but a block that large still ends the
	// stream, as go-sse ends it: nothing after it is taken for an event.
	input := "data: first\n\n:" + strings.Repeat("x", 200) + "\n\ndata: after\n\n"
	blocks, dispatched, err := tapBlocks(strings.NewReader(input), 100)
	var events []string
	var raw strings.Builder
	for i, b := range blocks {
		raw.WriteString(string(b.Raw))
		if dispatched[i] {
			events = append(events, string(b.Data))
		}
	}
	if strings.Join(events, "|") != "first" {
		t.Errorf("events %q, want only the one before the oversized block", events)
	}
	if !isTooLarge(err) || !strings.Contains(err.Error(), "100-byte limit") {
		t.Errorf("err = %v, want an event past the limit", err)
	}
	if raw.String() != input {
		t.Errorf("raw blocks add up to %q, not every byte that came", raw.String())
	}
}

func TestTapReportsTheNetworkErrorInTheFirstBlock(t *testing.T) {
	reset := errors.New("connection reset by peer")
	r := io.MultiReader(strings.NewReader("event: endpoint\nid: 12"), iotest.ErrReader(reset))
	got, _, err := tapBlocks(r, 0)
	if !errors.Is(err, reset) {
		t.Errorf("err = %v, want the network's own error", err)
	}
	if len(got) != 1 || string(got[0].Raw) != "event: endpoint\nid: 12" || got[0].HasID {
		t.Errorf("got %d blocks (first %+v); want the cut-off bytes kept, with no id taken from the unfinished line", len(got), got)
	}
}

// BenchmarkTapBigEvent shows that a large event costs time in proportion to
// its size, even when it arrives in many small reads.
func BenchmarkTapBigEvent(b *testing.B) {
	ev := "event: message\ndata: " + strings.Repeat("x", 30<<20) + "\n\n"
	for b.Loop() {
		tap := &sseTap{r: &chunkReader{s: ev, n: 32 << 10}, deliver: func(*SSEEvent, bool) {}}
		if err := tap.run(); err != nil {
			b.Fatal(err)
		}
	}
}

type sseEvent struct{ name, data string }

// goSSEEvents is what sse.Read alone finds in input.
func goSSEEvents(input string) (events []sseEvent, err error) {
	for ev, e := range sse.Read(strings.NewReader(input), &sse.ReadConfig{MaxEventSize: 1 << 20}) {
		if e != nil {
			return events, e
		}
		events = append(events, sseEvent{ev.Type, ev.Data})
	}
	return events, nil
}

// checkTap runs the tap over input and checks what every run must show:
// the blocks' bytes add up to the input (to as much as was read, when a
// block over max ended the stream), and each event is the one its own
// block holds (go-sse reading that block alone agrees). It returns the
// events in order.
func checkTap(t *testing.T, input string, chunk, max int) ([]sseEvent, error) {
	blocks, dispatched, err := tapBlocks(splitReader(input, chunk), max)
	var events []sseEvent
	var raw strings.Builder
	for i, b := range blocks {
		raw.WriteString(string(b.Raw))
		if !dispatched[i] {
			continue
		}
		ev := sseEvent{b.Name, string(b.Data)}
		events = append(events, ev)
		// After the first block, a leading comment keeps go-sse from
		// taking a byte order mark off, as it would not mid-stream.
		alone := string(b.Raw)
		if i > 0 {
			alone = ":\n\n" + alone
		}
		if own, _ := goSSEEvents(alone); len(own) != 1 || own[0] != ev {
			t.Fatalf("event %q was joined with the bytes %q, which hold %q", ev, b.Raw, own)
		}
	}
	// A stream ended for a block over max is not read further; the bytes
	// that were read are all kept.
	if raw.String() != input && (max == 0 || !strings.HasPrefix(input, raw.String())) {
		t.Fatalf("raw blocks add up to %q, not the input", raw.String())
	}
	return events, err
}

// FuzzTapAgreesWithGoSSE holds the tap's shortcut for canonical blocks to
// go-sse: whatever the bytes and however they are split into reads, the
// events delivered are the ones sse.Read finds in the same bytes.
func FuzzTapAgreesWithGoSSE(f *testing.F) {
	f.Add("event: message\ndata: {\"id\":1}\n\n: ping\n\ndata: x\n\n", uint8(0))
	f.Add("event: endpoint\r\ndata:/sse?sessionid=A\r\n\r\nevent: message\ndata: {}\n\n", uint8(3))
	f.Add("\xef\xbb\xbf: hi\n\ndata: a\n\n\xef\xbb\xbfdata: b\n\ndata: c\n\n", uint8(1))
	f.Add("data: a\ndata: b\n\nevent: x\n\nid: 3\n\nretry: 5\n\ndata\n\nevent:\ndata:  two spaces\n\n", uint8(5))
	f.Add("data: a\r\rdata: b\r\n\r\ndata: cut", uint8(2))
	f.Add("datax: a\n\ndata : b\n\nDATA: c\n\n:\n\nid: \x00\n\ndata: d\n", uint8(7))
	f.Fuzz(func(t *testing.T, input string, chunk uint8) {
		want, wantErr := goSSEEvents(input)
		got, gotErr := checkTap(t, input, int(chunk), 0)
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
	})
}

// FuzzTapWithMaxStopsEarly: with an event size limit, the tap may end the
// stream sooner than go-sse would without one, but every event it does
// deliver is go-sse's, in order, and a block over the limit is an error.
func FuzzTapWithMaxStopsEarly(f *testing.F) {
	f.Add("data: first\n\n:"+strings.Repeat("x", 40)+"\n\ndata: after\n\n", uint8(0), uint8(20))
	f.Add("00\n\r\n\r0000000\n", uint8(2), uint8(10))
	f.Add(strings.Repeat("0", 27)+"\n\ndata:\n\n", uint8(0), uint8(28))
	f.Fuzz(func(t *testing.T, input string, chunk, max uint8) {
		if max == 0 {
			return
		}
		want, _ := goSSEEvents(input)
		got, err := checkTap(t, input, int(chunk), int(max))
		if len(got) > len(want) {
			t.Fatalf("%d events %q, go-sse finds only %d %q", len(got), got, len(want), want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("event %d = %q, go-sse says %q", i, got[i], want[i])
			}
		}
		if len(got) < len(want) && err == nil {
			t.Fatalf("stopped after %d of %d events without an error", len(got), len(want))
		}
	})
}

func TestTapFieldsAfterAByteOrderMark(t *testing.T) {
	got, _ := tapEvents(t, "\xef\xbb\xbf: hi\nid: 4\nretry: 9\n\n:\xef\xbb\xbfmid\n\n", 0)
	if len(got) != 2 {
		t.Fatalf("got %d blocks, want 2", len(got))
	}
	if c := got[0].Comments; len(c) != 1 || c[0] != "hi" || got[0].ID != "4" || !got[0].HasID || got[0].Retry != "9" {
		t.Errorf("first block comments %q id %q retry %q; want the stream's mark left out of its first comment", c, got[0].ID, got[0].Retry)
	}
	if c := got[1].Comments; len(c) != 1 || c[0] != "\ufeffmid" {
		t.Errorf("second block comments %q; a mark mid-stream is text", c)
	}
}

// A large answer is one data line; its data must not be a second copy of the
// bytes the event keeps anyway, or every large answer is held twice.
func TestTapHoldsOneDataLineOnce(t *testing.T) {
	big := `{"result":"` + strings.Repeat("x", 1<<20) + `"}`
	input := "event: message\r\ndata: " + big + "\r\n\r\n" + "data: a\ndata: b\n\n"
	got, err := tapEvents(t, input, 4096)
	if err != nil || len(got) != 2 {
		t.Fatalf("got %d events, err %v; want 2 and a clean end", len(got), err)
	}
	ev := got[0]
	if string(ev.Data) != big {
		t.Fatalf("data of the large event is %d bytes, want the %d of its data line", len(ev.Data), len(big))
	}
	raw, data := unsafe.StringData(string(ev.Raw)), unsafe.StringData(string(ev.Data))
	if off := uintptr(unsafe.Pointer(data)) - uintptr(unsafe.Pointer(raw)); off >= uintptr(len(ev.Raw)) {
		t.Errorf("the data of a one-line event is a copy of its raw bytes, not a part of them")
	}
	if string(got[1].Data) != "a\nb" {
		t.Errorf("an event of two data lines has data %q, want %q", got[1].Data, "a\nb")
	}
}
