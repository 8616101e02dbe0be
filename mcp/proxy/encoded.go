package proxy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client may compress its message (Content-Encoding: gzip). The proxy
// relays the bytes as they came, with their Content-Encoding, for
// upstream to take or refuse; but what it reads of them (which session,
// which method, the record of the client's message) is the message
// decoded, never more than the limit on a message: a small body that
// inflates to gigabytes (a gzip bomb) is cut off there, not held. A body
// that does not decode, or in an encoding the proxy has no decoder for, is
// recorded as it came, with a note saying why it could not be read.

// readable is what the proxy reads of a client's body with the header h:
// the body decoded by its Content-Encoding, at most limit bytes. Without
// an encoding, or with "identity", it is body itself. When it cannot be
// decoded, it is body, and why says so.
func readable(body []byte, h http.Header, limit int) (msg []byte, why string) {
	enc := strings.ToLower(strings.TrimSpace(strings.Join(h.Values("Content-Encoding"), ",")))
	if enc == "" || enc == "identity" || len(body) == 0 {
		return body, ""
	}
	rd, ok := mcp.Decoder(bytes.NewReader(body), enc)
	if !ok {
		return body, fmt.Sprintf("the client's body is %q-encoded (Content-Encoding), which the proxy does not decode: its message is recorded as it came, %d bytes, and relayed so", enc, len(body))
	}
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(rd, int64(limit)+1))
	if err == nil && n > int64(limit) {
		err = errTooLarge
	}
	if err == nil {
		return buf.Bytes(), ""
	}
	if errors.Is(err, errTooLarge) {
		return body, fmt.Sprintf("the client's %s-encoded body (%d bytes) decodes to more than --max-event-size (%d bytes): its message is recorded as it came, compressed, and relayed so", enc, len(body), limit)
	}
	if errors.Is(err, mcp.ErrCompressionBomb) {
		return body, fmt.Sprintf("the client's body (%d bytes) was not decoded: %v; its message is recorded as it came, compressed, and relayed so", len(body), err)
	}
	return body, fmt.Sprintf("the client's body says Content-Encoding %s but does not decode (%v): its message is recorded as it came, %d bytes, and relayed so", enc, err, len(body))
}

// peekBody is peek of the message in a client's body, decoded as
// readable decodes it, the decoded message kept for the record.
func (p *Proxy) peekBody(body []byte, h http.Header) message {
	msg, why := readable(body, h, p.cfg.MaxEventSize)
	m := peek(msg)
	m.undecoded = why
	return m
}
