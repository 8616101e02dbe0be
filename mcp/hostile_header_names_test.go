package mcp

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server answering with tens of thousands of headers that have long names
// and no value (2.4 MB of names an answer, within what net/http takes)
// costs each answer's record about HeadersLimit, not the megabytes: the
// names were kept whole, and a recording of five such answers was 50 MB.
// The record counts the headers it left out and still holds Content-Type,
// which the answer checks read.
func TestAnswerOfManyHeaderNamesIsBoundedInTheRecord(t *testing.T) {
	const many = 20_000
	answer := toolsListAnswer(t, func(h http.Header) {
		for i := range many {
			h[fmt.Sprintf("X-%s-%d", strings.Repeat("n", 110), i)] = []string{""}
		}
	}, func(h *HTTPExchange) bool { return h.HeadersLeftOut > 0 })
	if answer == nil {
		t.Fatal("no record of tools/list's answer says it left headers out")
	}
	if answer.HeadersLeftOut < many-HeadersLimit/110 {
		t.Errorf("the record left out %d headers, want most of the %d", answer.HeadersLeftOut, many)
	}
	b, err := json.Marshal(answer)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 2*HeadersLimit {
		t.Errorf("the answer's record is %d bytes, want at most %d", len(b), 2*HeadersLimit)
	}
	if RecordedHeader(answer.Headers, "Content-Type") == "" {
		t.Error("the record lost Content-Type")
	}
}

// One header the record keeps first sent 16,380 times empty (4 bytes a
// line in the record) costs the record its own HeaderLimit, not the whole
// HeadersLimit: the answer's other headers (its X-Request-Id) stay in the
// record, where the flood's lines pushed every one of them out.
func TestHeaderOfManyEmptyValuesSpendsItsOwnShare(t *testing.T) {
	answer := toolsListAnswer(t, func(h http.Header) {
		h["Www-Authenticate"] = make([]string, 16_380)
		h.Set("X-Request-Id", "r1")
	}, func(h *HTTPExchange) bool { return len(h.Headers["Www-Authenticate"]) > 0 })
	if answer == nil {
		t.Fatal("no record of tools/list's answer holds its WWW-Authenticate")
	}
	if got := len(answer.Headers["Www-Authenticate"]); got > HeaderLimit/headerLineCost {
		t.Errorf("the record keeps %d empty WWW-Authenticate values, want at most %d", got, HeaderLimit/headerLineCost)
	}
	if _, cut := answer.HeadersCut["Www-Authenticate"]; !cut {
		t.Error("the record does not say it cut WWW-Authenticate")
	}
	if got := RecordedHeader(answer.Headers, "X-Request-Id"); got != "r1" {
		t.Errorf("the record keeps X-Request-Id %q, want r1", got)
	}
}

// toolsListAnswer is the record of the HTTP exchange matching is, in a
// session whose server answers tools/list with the headers add adds; nil
// when none matches.
func toolsListAnswer(t *testing.T, add func(http.Header), is func(*HTTPExchange) bool) *HTTPExchange {
	t.Helper()
	_, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			add(x.Header())
		}
		x.Default()
	}}, Config{NoGetStream: true})
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	s.Close()
	rec.waitEnd(t)
	var answer *HTTPExchange
	for _, r := range rec.all() {
		if r.Kind == KindHTTP && is(r.HTTP) {
			answer = r.HTTP
		}
	}
	return answer
}
