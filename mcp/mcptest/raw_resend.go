package mcptest

import (
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// RawClosesOnce starts a streamable server on 127.0.0.1 (no sessions; an
// initialize offers tools, tools/list and every other request get an empty
// tools result, a notification 202, anything but a POST 405) that keeps
// its connections alive, except that the first POST whose body holds
// marker is read whole and its connection closed with no answer, as a
// server crashing mid-request does. net/http sends such a POST again on a
// new connection when the one it went on was kept alive. read counts the
// POSTs holding marker the server read. It returns the base URL and stops
// in t.Cleanup.
func RawClosesOnce(t testing.TB, marker string) (url string, read func() int) {
	t.Helper()
	var n atomic.Int32
	url = RawAnswersThenClose(t, func(req *http.Request, body []byte) (string, bool) {
		msg := string(body)
		id := RawID(msg)
		answer := `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[]}}`
		switch {
		case req.Method != http.MethodPost:
			return "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n", false
		case strings.Contains(msg, marker) && n.Add(1) == 1:
			return "", true
		case id == "":
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		case strings.Contains(msg, `"initialize"`):
			answer = `{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"closes-once","version":"1"}}}`
		}
		return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
	return url, func() int { return int(n.Load()) }
}
