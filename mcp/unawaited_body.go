package mcp

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// cutBody is the body of a 2xx answer that holds no message to read: the
// answer to a POST that awaits nothing (a notification, or our reply to a
// server request), or one that is neither JSON nor an event stream. A
// server should answer a notification 202 with no body; one that keeps a
// body coming would hold up what sent it (the handshake, for
// notifications/initialized) until the request timeout, and a request
// would wait that long to be told its answer's Content-Type is wrong. Past
// answeredLinger the body reads as ended, and the HTTP record says so
// (note).
type cutBody struct {
	body  io.ReadCloser
	why   string // why nothing in it is waited for
	timer *time.Timer
	ended atomic.Bool // the body ended by itself
	cut   atomic.Bool // mcpscope stopped reading it
}

// Why a body is cut: its POST awaits nothing, or it is of a type that
// holds no answer.
const (
	cutUnawaited = "nothing awaits an answer to this POST (a notification or a reply is answered 202 with no body)"
	cutNoAnswer  = "a body neither JSON nor an event stream holds no answer"
)

// newCutBody starts the bound on reading body.
func newCutBody(body io.ReadCloser, why string) *cutBody {
	c := &cutBody{body: body, why: why}
	c.timer = time.AfterFunc(answeredLinger, func() {
		if !c.ended.Load() {
			c.cut.Store(true)
			body.Close()
		}
	})
	return c
}

func (c *cutBody) Read(p []byte) (int, error) {
	n, err := c.body.Read(p)
	if err == nil {
		return n, nil
	}
	if c.cut.Load() {
		return n, io.EOF
	}
	c.ended.Store(true)
	return n, err
}

// Close ends the bound with the body.
func (c *cutBody) Close() error {
	c.timer.Stop()
	return c.body.Close()
}

// note is what the HTTP record says of a body cut short, or "".
func (c *cutBody) note() string {
	if !c.cut.Load() {
		return ""
	}
	return fmt.Sprintf("the body was still coming after %s, and mcpscope stopped reading it: %s", answeredLinger, c.why)
}

// notePostSaid keeps what a 2xx answer to a request's POST said in a body
// that is not the request's answer (a 202's "Accepted" aside), so a
// timeout can quote it: an error page behind a 2xx is why the answer never
// came. broke is why the body's read broke off: one refused as a
// compression bomb is said so.
func (p *pending) notePostSaid(resp *http.Response, body string, broke error) {
	line := firstLine(body)
	if line == "" || strings.EqualFold(line, "accepted") {
		return
	}
	said := statusText(resp)
	if ct := MediaType(resp.Header); ct != "" {
		said += ", " + ct
	}
	_, unread := bombCut(0, broke)
	said += ": " + line + unread
	p.postSaid.Store(&said)
}
