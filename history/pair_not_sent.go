package history

import "github.com/mcpscope/mcpscope/mcp"

// NotSentWords says, of a row whose POST failed before a connection was
// made (refused, no such host, no route), that its message never went:
// "not sent: could not connect". "" for any other row. "post-failed" and
// "POST no answer" alone read as a POST the server got and failed on,
// where the server never saw it (one that exited right after answering
// initialize). A connection taken and then dropped is not said so: the
// server may have read the message.
func (p *Pair) NotSentWords() string {
	if p.State != StatePostFailed || p.Post == nil || p.Post.HTTP == nil || p.Failure == nil || p.Failure.Error == nil {
		return ""
	}
	if h := p.Post.HTTP; h.Status != 0 || h.Stopped() || h.Resent > 0 {
		return ""
	}
	if p.Failure.Error.Op != mcp.OpPost || p.Failure.Error.Cause != mcp.CauseUnreachable {
		return ""
	}
	return "not sent: could not connect"
}
