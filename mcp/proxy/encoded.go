package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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
// decoded, it is body, and why says so. The decoded message is read as
// readLimited reads a body, its room taken from hold: a small body that
// inflates to the limit holds as much as one sent so, and counts in the
// proxy's budget for clients' bodies (bodyRoom). One with no room there is
// left as it came. What hold holds once decoded stays taken, for the
// caller to release.
func readable(body []byte, h http.Header, limit int, hold *bodyHold) (msg []byte, why string) {
	enc := strings.ToLower(strings.TrimSpace(strings.Join(h.Values("Content-Encoding"), ",")))
	if enc == "" || enc == "identity" || len(body) == 0 {
		return body, ""
	}
	rd, ok := mcp.Decoder(bytes.NewReader(body), enc)
	if !ok {
		return body, fmt.Sprintf("the client's body is %q-encoded (Content-Encoding), which the proxy does not decode: its message is recorded as it came, %d bytes, and relayed so", enc, len(body))
	}
	msg, err := readLimited(rd, -1, int64(limit), hold)
	if err == nil {
		return msg, ""
	}
	if errors.Is(err, errTooLarge) {
		// The byte past the limit may be the one the decoder refused
		// the body at, as a bomb: that says more than its size does.
		if _, derr := rd.Read(make([]byte, 1)); errors.Is(derr, mcp.ErrCompressionBomb) {
			err = derr
		}
	}
	switch {
	case errors.Is(err, errTooLarge):
		return body, fmt.Sprintf("the client's %s-encoded body (%d bytes) decodes to more than --max-event-size (%d bytes): its message is recorded as it came, compressed, and relayed so", enc, len(body), limit)
	case errors.Is(err, errNoRoom) && hold.room.stopping():
		// Not the budget's fault, and no setting to change: the proxy
		// was closing while the body waited for room.
		return body, fmt.Sprintf("the proxy was stopping, so it did not wait for room to decode the client's %s-encoded body (%d bytes): its message is recorded as it came, compressed, and relayed so", enc, len(body))
	case errors.Is(err, errNoRoom) && hold.ctx.Err() != nil:
		// Nor the budget's: the client went away while the body waited
		// for room, and nothing waits for its answer.
		return body, fmt.Sprintf("the client went away while its %s-encoded body (%d bytes) waited for room to be decoded: its message is recorded as it came, compressed", enc, len(body))
	case errors.Is(err, errNoRoom):
		return body, fmt.Sprintf("the proxy had no room to decode the client's %s-encoded body (%d bytes): it %s; its message is recorded as it came, compressed, and relayed so", enc, len(body), hold.room.full())
	}
	// What the decoder said, without readLimited's count of what came.
	var be *bodyError
	if errors.As(err, &be) {
		err = be.err
	}
	if errors.Is(err, mcp.ErrCompressionBomb) {
		return body, fmt.Sprintf("the client's body (%d bytes) was not decoded: %v; its message is recorded as it came, compressed, and relayed so", len(body), err)
	}
	return body, fmt.Sprintf("the client's body says Content-Encoding %s but does not decode (%v): its message is recorded as it came, %d bytes, and relayed so", enc, err, len(body))
}

// peekBody is peek of the message in r's body, decoded as readable
// decodes it, the decoded message kept for the record: its room in the
// proxy's budget for clients' bodies is given back with r, as the body's
// is (readBody).
func (p *Proxy) peekBody(r *http.Request, body []byte) message {
	hold := &bodyHold{room: p.bodies, ctx: r.Context()}
	msg, why := readable(body, r.Header, p.cfg.MaxEventSize, hold)
	// Set once decoded, not before: a client gone part way through must
	// not have release run while readLimited still grows the hold.
	context.AfterFunc(r.Context(), hold.release)
	m := peek(msg)
	m.undecoded = why
	return m
}
