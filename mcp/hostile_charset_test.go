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
		if CauseOf(err) != CauseBadContentType || !strings.Contains(err.Error(), "and it is labelled charset=UTF-16: an event stream is UTF-8 only, and mcpscope read it as UTF-8, finding no answer in it") {
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

// A JSON answer in UTF-16 with no charset to say so is named UTF-16, by its
// byte order mark or the zero bytes beside its ASCII: the decoder's words
// alone said no JSON value starts at byte 0 and quoted \xff\xfe{\x00.
func TestUnlabelledUTF16AnswerIsNamed(t *testing.T) {
	be := func(s string) string {
		var b strings.Builder
		for _, u := range utf16.Encode([]rune(s)) {
			b.WriteByte(byte(u >> 8))
			b.WriteByte(byte(u))
		}
		return b.String()
	}
	for _, tc := range []struct {
		name string
		body func(answer string) string
		want string
	}{
		{"little-endian, marked", utf16LE, "not JSON: it is written in UTF-16 (it starts with the little-endian byte order mark FF FE)"},
		{"big-endian, marked", func(a string) string { return "\xfe\xff" + be(a) }, "(it starts with the big-endian byte order mark FE FF)"},
		{"little-endian", func(a string) string { return utf16LE(a)[2:] }, "UTF-16 (little-endian: a zero byte follows its first {)"},
		{"big-endian", be, "UTF-16 (big-endian: a zero byte comes before its first {)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			handle := mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
				x.Status(200, "application/json", tc.body(`{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`))
			})
			_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{})
			if _, err := s.Request(testCtx(t), "tools/list", nil); CauseOf(err) != CauseNotJSONRPC || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Request = %v (cause %q), want %q", err, CauseOf(err), tc.want)
			}
		})
	}
}

// A JSON answer labelled charset=iso-8859-1 with latin-1 in its strings
// parses, read as UTF-8, with U+FFFD where those bytes were, and nothing
// named the label: its record now does, and says what became of them.
// One only labelled so, all ASCII, says nothing.
func TestParsedJSONAnswerInAnotherCharsetIsNamed(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       string
	}{
		{"latin-1 in it", "caf\xe9", "it is labelled charset=iso-8859-1: JSON is UTF-8 only, and mcpscope read it as UTF-8, so its bytes that are not UTF-8 show as U+FFFD"},
		{"all ASCII", "cafe", ""},
	} {
		handle := mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
			x.Status(200, "application/json; charset=iso-8859-1", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[{"name":"`+tc.text+`","inputSchema":{"type":"object"}}]}}`)
		})
		_, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: handle}, Config{})
		if _, err := s.Request(testCtx(t), "tools/list", nil); err != nil {
			t.Fatalf("%s: Request = %v, want the answer read", tc.name, err)
		}
		r := rec.waitFor(t, "the JSON answer's record", func(r Record) bool {
			return r.Kind == KindHTTP && r.HTTP.Opened == StreamJSON && r.HTTP.ReqSeq > 0 && r.HTTP.Status == 200 && r.HTTP.BodySize > 0 && strings.Contains(r.HTTP.Headers["Content-Type"][0], "iso-8859-1")
		})
		if got := r.HTTP.CharsetWords(); tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: the answer's record says %q, want %q", tc.name, got, tc.want)
		}
	}
}
