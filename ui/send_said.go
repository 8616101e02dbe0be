package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// What the status line says of a command once its answer came.

// describeSent turns a send result into a status line with its level.
// Everything that came from the server is sanitized here, because the
// status bar draws the text as it is.
func describeSent(m sentMsg) (statusLevel, string) {
	label := m.label
	if label == "" {
		label = commandLabel(m.cmd, 0)
	}
	var warn string
	if len(m.warnings) > 0 {
		// The user read the warnings whole before sending; the reminder
		// is one short sentence (no lists of names, no advice).
		warn = " (sent anyway: " + briefWarnings(m.warnings) + ")"
	}
	// maxRefusalQuote bounds the server's message a status line quotes:
	// the line is cut at the terminal's edge long before it.
	const maxRefusalQuote = 4096
	refusal := func(e *mcp.RPCError) string {
		// What to do goes first: a long server message is cut at the
		// edge of the status line.
		hint := ""
		switch {
		case m.uninitialized:
			hint = advice.For(advice.Fact{Cause: mcp.CauseUninitialized}, advice.TUI) + " · "
		case m.otherEra != "" && e.Code == mcp.CodeMethodNotFound:
			// The refusal took the place of the warning said as it
			// went, and read as the server's lack.
			hint = advice.ForRPC(e, advice.Asked{Method: m.cmd.Method, Transport: m.otherEra}, advice.TUI) + " · "
		}
		return fmt.Sprintf("%s: %s%s: %s%s", label, hint, e.Headline(), sanitize.Line(e.MessageQuoted(maxRefusalQuote)), warn)
	}
	if m.err != nil {
		var rpcErr *mcp.RPCError
		if errors.As(m.err, &rpcErr) {
			return levelError, refusal(rpcErr)
		}
		if mcp.CauseOf(m.err) == mcp.CauseReplaced {
			// Ended here as a new session replaced the one it went in
			// (r, an initialize): the words say to send it again there,
			// which "cancelled" (it is a cancellation to errors.Is)
			// hid, as if the user had cancelled it.
			return levelWarn, label + ": " + errLine(m.err)
		}
		if errors.Is(m.err, context.Canceled) {
			return levelWarn, label + ": cancelled"
		}
		if errors.Is(m.err, mcp.ErrDeclined) {
			// The user declined a 2026 sampling request: the end they
			// chose, not an error.
			// The call went out before the server asked, so a warning
			// it was sent despite is still said, as for any other end.
			return levelInfo, label + ": " + errLine(m.err) + warn
		}
		switch cause := mcp.CauseOf(m.err); {
		case cause == mcp.CauseNotConnected && m.connecting:
			return levelWarn, label + ": not sent, still connecting: send it once the session is open (Negotiation shows how far it got)"
		case cause == mcp.CauseNotConnected && (m.reconnecting || reconnecting(m.err)):
			// Short: the status bar keeps its "◌ reconnecting" beside it
			// on 80 columns, and what to do once it is open comes then.
			return levelWarn, label + ": not sent, the stream is reconnecting"
		case cause == mcp.CauseUninitialized && m.disconnected:
			return levelWarn, label + ": " + notReady(notConnected, advice.For(advice.Fact{Cause: mcp.CauseNotConnected}, advice.TUI))
		case cause == mcp.CauseUninitialized:
			// Not sent (command refuses it before initialize): what to
			// press is all there is to say, and 80 columns keep it whole.
			return levelWarn, label + ": " + advice.For(advice.Fact{Cause: cause}, advice.TUI)
		case cause == mcp.CauseNotConnected:
			// Nothing went out: "(sent anyway: …)" after it was untrue,
			// and the warning is said again when the line is sent.
			return levelError, label + ": " + errLine(m.err)
		case cause == mcp.CauseNotAcknowledged:
			// The subscription stands: not known to work, not failed.
			return levelWarn, label + ": " + errLine(m.err) + warn
		}
		if we := (*mcp.WireError)(nil); errors.As(m.err, &we) && we.Cause == mcp.CauseStatus && we.Answer != "" {
			// The URL the request went to filled an 80-column status line
			// before the status and the server's words; Detail shows it.
			return levelError, label + ": " + errText(m.err, we.Answer) + warn
		}
		words := m.err.Error()
		if rest, ok := strings.CutPrefix(words, m.cmd.Method+": "); ok && label == m.cmd.Method {
			// A paging bound names the list it stopped, which the label
			// named already: "tools/list: tools/list: stopped after…".
			words = rest
		}
		return levelError, label + ": " + errText(m.err, words) + warn
	}
	r := m.resp
	switch {
	case r == nil && m.cmd.Method == "logging/setLevel":
		// 2026-07-28 has no such request: nothing went on the wire, and
		// "sent" had the user look for a row that is not there.
		level := sanitize.Line(m.cmd.Target)
		return levelInfo, "log level " + level + ": in every later request's _meta (2026-07-28 has no setLevel)" + warn
	case r == nil && (m.cmd.Method == "resources/subscribe" || m.cmd.Method == "resources/unsubscribe"):
		// Nor is there resources/subscribe: the listen stream was opened
		// again with the new resourceSubscriptions (and, subscribing,
		// acknowledged them).
		// Short: the URI and what it means must fit 80 columns.
		uri := sanitize.Line(m.cmd.Target)
		switch {
		case m.unheard && m.cmd.Method == "resources/unsubscribe":
			return levelInfo, "unsubscribed from " + uri + " (--no-listen: no listen stream to reopen)" + warn
		case m.unheard:
			return levelWarn, "subscribed to " + uri + ", but --no-listen opens no listen stream: no update of it comes" + warn
		}
		if m.cmd.Method == "resources/unsubscribe" {
			return levelInfo, "unsubscribed from " + uri + ": the listen stream was reopened without it" + warn
		}
		return levelInfo, "subscribed to " + uri + ": the listen stream now carries its updates" + warn
	case r == nil:
		return levelInfo, label + ": sent" + warn
	case r.Error != nil:
		return levelError, refusal(r.Error)
	case r.ToolError:
		if said := toolSaid(r.Result); said != "" {
			// What the tool said is what the person wants to read first;
			// on 80 columns "see Detail" took the room it needed.
			return levelWarn, label + ": ✗ isError: " + said + warn
		}
		return levelWarn, label + ": the tool reported an error (isError: true); see Detail" + warn
	}
	if m.cmd.Method == "tools/call" {
		// Only a tool's result is read again for it: a large answer of
		// another method (resources/read) was scanned for an isError it
		// cannot carry.
		if odd := command.OddIsError(r.Result); odd != "" {
			return levelWarn, label + ": " + sanitize.Line(odd) + warn
		}
	}
	if m.output != "" {
		return levelWarn, label + ": " + sanitize.Line(m.output) + warn
	}
	if null := history.ResultShape(m.cmd.Method, r.Result); null != "" {
		// "ok" read as an answer with nothing to show.
		return levelWarn, label + ": " + null + warn
	}
	if warn != "" {
		return levelWarn, label + ": ok" + warn
	}
	if m.cmd.Method == "completion/complete" {
		if values, ok := completionSaid(r.Result); ok {
			// The values are what was asked for: "ok" sent the person
			// to Detail for a word or two.
			return levelInfo, label + ": " + values
		}
	}
	return levelInfo, label + ": ok"
}

// completionSaid is the values a completion/complete result offers, as a
// line: "offers Engineering, Sales and 2 more (of 40; the server has more)".
// "offers" because a value alone read as a count: the server everything
// completing resourceId=1 was "completion/complete: 1".
func completionSaid(result json.RawMessage) (string, bool) {
	if len(result) > inlineFormat {
		return "", false
	}
	c, err := command.ParseCompletion(result)
	if err != nil {
		return "", false
	}
	if len(c.Values) == 0 && c.NotStrings == 0 {
		return "no values offered", true
	}
	line := "no values that are strings"
	if len(c.Values) > 0 {
		line = "offers " + clip.ListFunc(c.Values, 8, func(v string) string { return wireLine(v, 64) })
	}
	switch {
	case c.Total != nil && *c.Total != len(c.Values) && c.HasMore:
		line += fmt.Sprintf(" (of %d; the server has more)", *c.Total)
	case c.Total != nil && *c.Total != len(c.Values):
		line += fmt.Sprintf(" (of %d)", *c.Total)
	case c.HasMore:
		line += " (the server has more)"
	}
	if c.NotStrings > 0 {
		line += fmt.Sprintf(" (%d more left out: not strings)", c.NotStrings)
	}
	return line + wireLine(c.OddWords(), 200), true
}

// toolSaid is the first line of a tool result's first content block, made
// safe to print; "" when there is none or the result is too large to read
// on the update loop.
func toolSaid(result json.RawMessage) string {
	if len(result) > inlineFormat {
		return ""
	}
	var r struct {
		Content []command.Content `json:"content"`
	}
	if json.Unmarshal(result, &r) != nil || len(r.Content) == 0 {
		return ""
	}
	return strings.TrimSpace(firstLine(r.Content[0].Summary(), 512))
}
