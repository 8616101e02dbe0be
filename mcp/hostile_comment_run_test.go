package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Comment lines with no blank line after them are no event, however many
// come: a server that sends its keep-alives without the blank line, and
// then the answer, is answered, and what it sent meanwhile is not kept as
// one growing block that ends the stream as an event past the size limit.
func TestCommentLinesWithNoBlankLineAreNoEvent(t *testing.T) {
	run := strings.Repeat(": keep-alive\n", 40000) // 520,000 bytes
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		_ = x.WriteRaw(run)
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}}`)
	})
	s := NewSession(Config{URL: srv.URL + "/mcp", Transport: TransportStreamable, NoGetStream: true, MaxEventSize: 256 << 10})
	rec := collect(s)
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	if tools, _, err := s.ListTools(testCtx(t), false); err != nil || len(tools) != 1 {
		t.Fatalf("tools/list = %v, %v; want the one tool past the comment lines", tools, err)
	}
	s.Close()
	rec.waitEnd(t)
	var kept, largest int
	for _, r := range rec.all() {
		if r.Event != nil && len(r.Event.Comments) > 0 {
			kept += len(r.Event.Comments)
			largest = max(largest, len(r.Event.Raw))
		}
	}
	if kept != 40000 || largest > 128<<10 {
		t.Errorf("%d comments kept, in blocks of up to %d bytes; want all 40000, in blocks of at most 128 KiB", kept, largest)
	}
}

// A run of comment lines is framed before the line that would take it past
// --max-event-size: lines that are each within the limit never end the
// stream, however they arrive, while one line past the limit still does.
func TestCommentRunIsFramedBeforeTheLineThatWouldPassTheLimit(t *testing.T) {
	first := ": " + strings.Repeat("a", 1998) + "\n"  // 2001 bytes, under half the limit
	second := ": " + strings.Repeat("b", 2500) + "\n" // 2503 bytes: the two make 4504
	input := first + second + "data: x\n\n"
	for _, chunk := range []int{0, 100, 7} {
		blocks, dispatched, err := tapBlocks(splitReader(input, chunk), 4096)
		var events []string
		var raw strings.Builder
		for i, b := range blocks {
			raw.WriteString(string(b.Raw))
			if dispatched[i] {
				events = append(events, string(b.Data))
			}
		}
		if err != nil || strings.Join(events, "|") != "x" || raw.String() != input {
			t.Errorf("reads of %d: err %v, events %q, %d of %d bytes kept; want the event after the comments, every byte kept", chunk, err, events, raw.Len(), len(input))
		}
	}
	// One comment line past the limit is still refused, after the run before it.
	tooLong := first + ": " + strings.Repeat("c", 5000) + "\n\ndata: x\n\n"
	for _, chunk := range []int{0, 100} {
		if _, _, err := tapBlocks(splitReader(tooLong, chunk), 4096); err == nil || !isTooLarge(err) {
			t.Errorf("reads of %d: err %v, want a line past the limit refused", chunk, err)
		}
	}
}
