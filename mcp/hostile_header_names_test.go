package mcp

import (
	"encoding/json"
	"fmt"
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
	_, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/list" {
			for i := range many {
				x.Header()[fmt.Sprintf("X-%s-%d", strings.Repeat("n", 110), i)] = []string{""}
			}
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
		if r.Kind == KindHTTP && r.HTTP.HeadersLeftOut > 0 {
			answer = r.HTTP
		}
	}
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
