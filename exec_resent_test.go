package main

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// closesOnceOn is a streamable server on 127.0.0.1 that keeps connections
// alive, except that the first POST whose body holds marker is read and
// its connection closed without an answer (a crash mid-request), so
// net/http sends it again on a new connection, where it is answered.
func closesOnceOn(t *testing.T, marker string) string {
	var closed atomic.Bool
	return mcptest.RawAnswersThenClose(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		id := mcptest.RawID(msg)
		answer := `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[]}}`
		switch {
		case req.Method != http.MethodPost:
			return "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n", false
		case id == "":
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		case strings.Contains(msg, marker) && closed.CompareAndSwap(false, true):
			return "", true
		case strings.Contains(msg, `"initialize"`):
			answer = `{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"1"}}}`
		}
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
}

// exec says on stderr that its tools/list went out twice: the server read
// it on the kept-alive connection and closed it without answering, and
// net/http sent it again on a new one. Its answer alone read as one POST.
func TestExecSaysAPostWasSentAgain(t *testing.T) {
	url := closesOnceOn(t, `"tools/list"`)
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", url+"/mcp", "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	want := "resent: POST " + url + "/mcp sent again on a new connection: the server had closed the kept-alive one without answering"
	if n := strings.Count(errOut, want); n != 1 {
		t.Errorf("stderr says %q %d times, want once:\n%s", want, n, errOut)
	}
}
