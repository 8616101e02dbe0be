package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/ui"
)

// printer writes exec results for people. Everything that came from the
// server goes through the sanitizer: a hostile server must not be able to
// drive the user's terminal through exec either. One-line fields (names,
// versions, titles) use sanitize.Line so a newline cannot break the layout,
// and so does every line that quotes the server (errors, their meanings
// and hints: oneLine); text that may run to several lines (results,
// resource contents, a conversation) uses sanitize.Text.
type printer struct {
	w     io.Writer
	errw  io.Writer // where failures go when the records are the output
	quiet bool      // --json: records are the output
	// width is the terminal's that the output goes to, which listings
	// wrap to; 0 off a terminal, where each entry stays one line.
	width int

	// Known once connected: the session's transport and protocol.
	transport, protocol string
	// noListen says a 2026 session opens no listen stream (--no-listen),
	// so subscribing or unsubscribing reopens none.
	noListen bool
	// savePath is where --save writes what resources/read gave; force
	// lets it replace a file.
	savePath string
	force    bool
	// declared are the capabilities the session's server declared, once
	// connected, which the advice for a method refused as unknown reads
	// first.
	declared func() json.RawMessage
	// notes are the notifications that came with each answer; logged is
	// the session's Logged, once connected.
	notes  *notes
	logged func() int64
	// listed is the session's tools as listed, once connected, whose
	// outputSchema a tool's result is checked against.
	listed func() []mcp.Tool
	// sessionless reports, once connected, a 2025 session whose server
	// named no Mcp-Session-Id (mcp.Session.Sessionless).
	sessionless func() bool
	// pastOpening says the session's opening command was printed.
	pastOpening bool
	// listRefused says the newest tools/list printed was refused with
	// -32020 (advice.Asked.ListRefused): a tools/call refused so after it
	// was told to list the tools again, which meets the same refusal.
	listRefused bool
}

// modern reports whether the session is in the 2026 era, whose results
// describe themselves.
func (p *printer) modern() bool { return p.transport == mcp.TransportStateless }

// sent is the method c goes as: 2026-07-28 has no initialize, what is
// sent for it is server/discover.
func (p *printer) sent(c command.Command) string {
	if c.Method == "initialize" && p.modern() {
		return "server/discover"
	}
	return c.Method
}

// title is the method c goes as and its tool, each cut as a name is
// (mcp.NameShown: a script may name a megabyte-long one it read from a
// tools/list, or a method it made up), as --json's lines on stderr name the
// command they are about.
func (p *printer) title(c command.Command) string {
	if c.Tool != "" {
		return mcp.NameShown(p.sent(c)) + " " + mcp.NameListed(c.Tool)
	}
	return mcp.NameShown(p.sent(c))
}

// about is what a line on stderr about c starts with: nothing under the
// "──" line head printed, and c's title with --json, which prints no such
// line, so that a warning in a run of several commands says whose it is.
func (p *printer) about(c command.Command) string {
	if !p.quiet {
		return ""
	}
	return sanitize.Line(p.title(c)) + ": "
}

// head prints the line that opens c's block, before c is sent, so that
// what is said while it runs (a warning about its arguments or an
// --answer, the progress line) comes under the command it is about, not
// above it as if it ended the one before. --json prints no blocks.
func (p *printer) head(c command.Command) {
	if p.quiet {
		return
	}
	title := p.title(c)
	if c.Method == "completion/complete" {
		// Which argument it completed, as the TUI's row says it: two
		// completions of one prompt read alike under its name alone.
		if subject := history.CompletionSubject(c.Params); subject != "" {
			title += " " + subject
		}
	} else if c.Target != "" {
		title += " " + mcp.NameShown(c.Target)
	}
	fmt.Fprintf(p.w, "── %s\n", sanitize.Line(title))
}

// also prints, on the error stream under a usage error, the warnings the
// same words drew, as the TUI's "⚠ also:" does: with the error alone,
// fixing it brought a second refusal for what was wrong all along. Brief:
// the line was not sent, and the long forms say "sending anyway".
func (p *printer) also(c command.Command, ue *command.UsageError) {
	if p.errw == nil || len(ue.Also) == 0 {
		return
	}
	if f, ok := p.w.(interface{ Flush() error }); ok {
		// The error it follows is on the buffered output.
		_ = f.Flush()
	}
	for _, w := range ue.Also {
		fmt.Fprintf(p.errw, "warning: also: %s%s\n", p.about(c), sanitize.Line(w.Brief()))
	}
}

// result prints one command's outcome, under the line head printed, and
// returns its exit status.
func (p *printer) result(c command.Command, resp *mcp.Response, err error) int {
	sent, title := p.sent(c), p.title(c)
	var ue *command.UsageError
	// The first command opens the session (initialize, or 2026's
	// server/discover): its failure is the negotiation's, any later one's
	// is that request's, unless the session itself is gone.
	opening := !p.pastOpening
	p.pastOpening = true
	code := exitOK
	switch {
	case mcp.IsConnectionFailure(err) && (opening || !mcp.IsUndecodable(err)):
		code = exitConnect
	case errors.As(err, &ue):
		code = exitUsage
	case err != nil || (resp != nil && resp.ToolError):
		code = exitFailed
	}
	if p.quiet {
		// Failures that never became records (nothing was sent) must
		// still be said somewhere.
		if ue != nil && p.errw != nil {
			for _, l := range errorLines(err) {
				fmt.Fprintf(p.errw, "%s: %s\n", sanitize.Line(title), l)
			}
			p.also(c, ue)
		}
		if err == nil && resp != nil && saves(c.Method) && p.savePath != "" {
			// The records are the output; the file is written all the same.
			saved := &printer{w: p.errw, savePath: p.savePath, force: p.force}
			if err := saved.saveResult(c.Method, resp.Result); err != nil {
				for _, l := range errorLines(err) {
					fmt.Fprintf(p.errw, "%s: %s\n", sanitize.Line(title), l)
				}
				code = max(code, exitFailed)
			}
		}
		return code
	}
	var upTo int64
	if resp != nil {
		upTo = resp.Seq
	}
	// What came before the command's first request went (a server's list
	// changes right after initialize) is said to be the session's, not
	// its; the opening has nothing before it to set apart.
	began := sent
	if opening {
		began = ""
	}
	if err != nil && p.logged != nil {
		// A failure has no answer to mark where its notifications end:
		// those logged before it was returned are its own, not the next
		// command's.
		upTo = max(upTo, p.logged())
	}
	declined := p.notes.print(p.w, p.hanging, upTo, began, title, mcp.NamesStrays(err))
	if resp != nil {
		if resp.Ambiguous {
			for _, a := range mcp.Ambiguities(resp.Raw) {
				fmt.Fprintf(p.w, "⚠ %s\n", sanitize.Line(a))
			}
		}
		if p.modern() {
			// Said before what could be read of the rest, as
			// initialize's shape is: the session did not follow it.
			if shape := mcp.InputShape(sent, resp.Result); shape != "" {
				fmt.Fprintf(p.w, "warning: %s\n", sanitize.Line(shape))
			}
		}
	}
	if err != nil {
		if resp != nil && c.All && mcp.PagesStopped(err) {
			// The pages read before the bound or the repeat came back
			// with the error: the items they hold are what the user
			// asked for, where only the error was printed.
			p.listing(c.Method, resp)
		}
		p.failure(sent, err, declined)
		if ue != nil {
			p.also(c, ue)
		}
		fmt.Fprintln(p.w)
		return code
	}
	if resp == nil {
		switch c.Method {
		case "logging/setLevel":
			p.setLevel(c, resp)
		case "resources/subscribe", "resources/unsubscribe":
			// 2026-07-28 has no such request: the listen stream was opened
			// again with the new resourceSubscriptions.
			done, how := "subscribed to", "with it among"
			if c.Method == "resources/unsubscribe" {
				done, how = "unsubscribed from", "without it in"
			}
			switch {
			case p.noListen && c.Method == "resources/unsubscribe":
				fmt.Fprintf(p.w, "%s %s: --no-listen opens no listen stream, so none was reopened\n", done, sanitize.Line(c.Target))
			case p.noListen:
				fmt.Fprintf(p.w, "%s %s, but --no-listen opens no listen stream: no update of it comes\n", done, sanitize.Line(c.Target))
			default:
				fmt.Fprintf(p.w, "%s %s: the listen stream was opened again %s its resourceSubscriptions\n", done, sanitize.Line(c.Target), how)
			}
		default:
			fmt.Fprintln(p.w, "sent")
		}
		fmt.Fprintln(p.w)
		return code
	}
	if null := history.NullResult(c.Method, resp.Result); null != "" {
		// Said, not failed on, as a result of another shape is: the
		// request was answered.
		fmt.Fprintln(p.w, "warning: "+null)
		fmt.Fprintln(p.w)
		return code
	}
	switch c.Method {
	case "initialize", "server/discover":
		p.initialize(resp.Result)
	case "tools/list", "resources/list", "resources/templates/list", "prompts/list", "tasks/list":
		p.listing(c.Method, resp)
	case "tools/call", "resources/read":
		if c.Method == "tools/call" {
			p.toolResult(c.Tool, resp)
		} else {
			p.contents(resp.Result)
		}
		if p.savePath != "" {
			if err := p.saveResult(c.Method, resp.Result); err != nil {
				for _, l := range errorLines(err) {
					fmt.Fprintf(p.w, "error: %s\n", l)
				}
				code = max(code, exitFailed)
			}
		}
	case "tasks/get", "tasks/cancel":
		p.task(resp.Result)
	case "resources/subscribe", "resources/unsubscribe":
		fmt.Fprintf(p.w, "%s %s\n", map[string]string{"resources/subscribe": "subscribed to", "resources/unsubscribe": "unsubscribed from"}[c.Method], sanitize.Line(c.Target))
	case "prompts/get":
		p.conversation(resp.Result)
	case "completion/complete":
		p.completion(resp.Result)
	case "logging/setLevel":
		p.setLevel(c, resp)
	case mcp.ListenMethod:
		p.listening(resp.Result)
	case "ping":
		// The specification's answer is an empty result, which printed as
		// JSON read as "{}", as if something were missing; anything else
		// a server put there is shown as it came.
		var members map[string]json.RawMessage
		if json.Unmarshal(resp.Result, &members) == nil && len(members) == 0 {
			fmt.Fprintln(p.w, "pong (an empty result, as the specification has it)")
		} else {
			fmt.Fprintln(p.w, prettyJSON(resp.Result))
		}
	default:
		fmt.Fprintln(p.w, prettyJSON(resp.Result))
	}
	if c.Method != "initialize" && c.Method != "server/discover" && c.Method != mcp.ListenMethod {
		p.resultInfo(resp.Result)
	}
	fmt.Fprintln(p.w)
	return code
}

// listing prints the items of a list method's answer.
func (p *printer) listing(method string, resp *mcp.Response) {
	result := resp.Result
	switch method {
	case "tools/list":
		p.listRefused = false
		p.tools(resp)
	case "resources/list":
		p.resources(result)
	case "resources/templates/list":
		p.templates(result)
	case "prompts/list":
		p.prompts(result)
	case "tasks/list":
		p.tasks(result)
	}
}

// failure says why a command failed: a JSON-RPC error with its meaning by
// the specification, and what to do about it from the one advice table,
// which reads the method sent and the question of the server's the user
// declined while it ran ("" for none).
func (p *printer) failure(method string, err error, declined string) {
	if errors.Is(err, context.Canceled) {
		how := "notifications/cancelled told the server"
		switch {
		case p.modern():
			how = "its response stream was closed, which is how 2026-07-28 cancels"
		case p.sessionless != nil && p.sessionless():
			// A server that keeps no session cannot match the
			// notification to the request: "told" it promised too much.
			how = "notifications/cancelled was sent, but the server keeps no session (no Mcp-Session-Id) to match it to the request: only the closing of the request's stream, which exec did, can stop it"
		}
		if tc := (*mcp.TaskCancelledError)(nil); errors.As(err, &tc) {
			// The tool's work goes on in its task unless tasks/cancel
			// stopped it: what that got is the end of the story.
			how += "; tasks/cancel for its task " + sanitize.Line(taskIDShown(tc.TaskID)) + ": " + sanitize.Line(tc.Status)
		}
		fmt.Fprintf(p.w, "cancelled: the request was given up on and %s\n", how)
		return
	}
	if errors.Is(err, mcp.ErrDeclined) {
		// The user's choice on a 2026 round (--answer said decline), said
		// as one: the request had no result, and nothing failed.
		for _, l := range errorLines(err) {
			fmt.Fprintln(p.w, l)
		}
		return
	}
	// Each line below quotes the server (its message, its data, the
	// versions a hint names) and is one line, whatever it holds.
	for _, l := range errorLines(err) {
		fmt.Fprintf(p.w, "error: %s\n", p.notes.unsaid(l))
	}
	var rpcErr *mcp.RPCError
	hint := advice.ForError(err, advice.CLI)
	isRPC := errors.As(err, &rpcErr)
	listRefused := p.listRefused
	if method == "tools/list" {
		p.listRefused = isRPC && rpcErr.Code == mcp.CodeHeaderMismatch
	}
	if isRPC {
		// The error line above quotes the server's message: the
		// meaning's own quote of it, for the TUI's Detail, said it twice.
		if m := rpcErr.Beyond(); m != "" {
			fmt.Fprintf(p.w, "  meaning: %s\n", oneLine(m))
		}
		q := advice.Asked{Method: method, Transport: p.transport, Declined: declined, ListRefused: listRefused}
		if p.declared != nil {
			q.Capabilities = p.declared()
		}
		hint = advice.ForRPC(rpcErr, q, advice.CLI)
	}
	if hint != "" {
		fmt.Fprintf(p.w, "  hint: %s\n", oneLine(hint))
	}
}

func (p *printer) initialize(result json.RawMessage) {
	if p.discover(result) {
		return
	}
	if shape := mcp.InitializeShape(result); shape != "" {
		// Said once, before what could be read of it: a session goes on
		// with such a server, and every line below may be missing or odd.
		fmt.Fprintf(p.w, "warning: %s\n", sanitize.Line(shape))
	}
	var r struct {
		ProtocolVersion string                     `json:"protocolVersion"`
		Capabilities    map[string]json.RawMessage `json:"capabilities"`
		ServerInfo      struct{ Name, Version string }
		Instructions    string `json:"instructions"`
	}
	if json.Unmarshal(result, &r) != nil {
		fmt.Fprintln(p.w, prettyJSON(result))
		return
	}
	if r.ProtocolVersion != "" {
		// Legacy SSE names no version until this answer: what later
		// lines say of the session's era reads it here.
		p.protocol = r.ProtocolVersion
	}
	protocol := r.ProtocolVersion
	if protocol == "" {
		protocol = "(none named)"
	}
	if note := mcp.VersionNote(r.ProtocolVersion, p.transport); note != "" {
		protocol += " (" + note + ")"
	}
	fmt.Fprintf(p.w, "server %s, protocol %s\n", serverName(r.ServerInfo.Name, r.ServerInfo.Version), sanitize.Line(protocol))
	p.capabilities(r.Capabilities)
	p.instructions(r.Instructions)
}

// prettyJSON indents JSON, or shows the text as it is (sanitized) when it
// is not, with the TUI's printer: bounded indentation and output, and a
// count of what is left out past 16 MiB.
func prettyJSON(raw []byte) string { return ui.PrettyText(string(raw), 16<<20) }
