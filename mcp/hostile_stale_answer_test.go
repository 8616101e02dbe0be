package mcp

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server (or a cache in front of it) that answers a POST with the answer
// it gave the one before says so: the JSON held no answer to the request,
// only a second answer to one answered already, where it said only that
// it held no answer.
func TestJSONAnswerHoldingAnEarlierRequestsAnswerSaysSo(t *testing.T) {
	var first string
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		result := `{"tools":[]}`
		switch {
		case strings.Contains(msg, `"initialize"`):
			result = `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"1"}}`
		case !strings.Contains(msg, `"tools/list"`):
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		case first == "":
			first = mcptest.RawID(msg)
		}
		id := mcptest.RawID(msg)
		if strings.Contains(msg, `"tools/list"`) {
			id = first
		}
		answer := `{"jsonrpc":"2.0","id":` + id + `,"result":` + result + `}`
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, NoGetStream: true})
	t.Cleanup(func() { s.Close() })
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if _, err := s.Initialize(testCtx(t)); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	if _, _, err := s.ListTools(testCtx(t), false); err != nil {
		t.Fatalf("the first tools/list: %v", err)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	want := "held no answer to it, only another answer to request " + first + ", answered already"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("the second tools/list = %v, want it to say %q", err, want)
	}
}
