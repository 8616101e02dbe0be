package mcp

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// utf16LE is s in UTF-16, little-endian, after a byte order mark.
func utf16LE(s string) string {
	var b strings.Builder
	b.WriteString("\xff\xfe")
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u))
		b.WriteByte(byte(u >> 8))
	}
	return b.String()
}

// An answer stream labelled charset=utf-16 and written in it reads, as the
// UTF-8 every event stream is, as lines of no field: no answer comes. The
// error names the label, the one clue to why, instead of only saying the
// stream ended.
func TestEventStreamInAnotherCharsetIsNamed(t *testing.T) {
	for _, tr := range []string{TransportStreamable, TransportStateless} {
		handle := mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
			answer := `{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[]}}`
			x.Status(200, "text/event-stream; charset=UTF-16", utf16LE("event: message\ndata: "+answer+"\n\n"))
		})
		var s *Session
		if tr == TransportStreamable {
			_, s, _ = dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{})
		} else {
			_, s, _ = dialStateless(t, mcptest.StatelessOptions{Handle: handle}, Config{NoListen: true})
		}
		_, err := s.Request(testCtx(t), "tools/list", nil)
		if CauseOf(err) != CauseBadContentType || !strings.Contains(err.Error(), "is labelled charset=UTF-16: an event stream is UTF-8 only") {
			t.Errorf("%s: Request = %v (cause %q), want the stream's end naming its charset", tr, err, CauseOf(err))
		}
	}
}

// A JSON answer labelled charset=utf-16 and written in it is no JSON read
// as UTF-8; the error names the label beside the decoder's words, which
// alone blame a byte 0xff. One only labelled so, in plain ASCII, is read.
func TestJSONAnswerInAnotherCharsetIsNamed(t *testing.T) {
	for _, tc := range []struct {
		name string
		body func(answer string) string
		want string
	}{
		{"written in UTF-16", utf16LE, "(it is labelled charset=utf-16: JSON is UTF-8 only, and mcpscope read it as UTF-8)"},
		{"only labelled so", func(answer string) string { return answer }, ""},
	} {
		handle := func(x *mcptest.Exchange) {
			if x.Method == "tools/list" {
				x.Status(200, "application/json; charset=utf-16", tc.body(`{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`))
				return
			}
			x.Default()
		}
		_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{})
		_, err := s.Request(testCtx(t), "tools/list", nil)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: Request = %v, want the ASCII answer read", tc.name, err)
		case tc.want != "" && (CauseOf(err) != CauseNotJSONRPC || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: Request = %v (cause %q), want it naming its charset: %q", tc.name, err, CauseOf(err), tc.want)
		}
	}
}
