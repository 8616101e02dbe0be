// Command mcpscope is an interactive terminal debugger for MCP servers and
// gateways: it keeps a live SSE session open and shows the endpoint
// negotiation, the raw events and the matched request/response pairs, and it
// records every session so it can be replayed.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/termquery"
)

// version is stamped by the release build (-X main.version=...).
var version = ""

// Exit statuses, documented in `mcpscope exec --help`.
const (
	exitOK      = 0
	exitFailed  = 1 // a JSON-RPC error, a tool result with isError, a failed request
	exitUsage   = 2
	exitConnect = 3 // the stream could not be opened or negotiated
	// exitInterrupted follows the shell's convention for SIGINT.
	exitInterrupted = 130
)

// exitError carries an exit status out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		v := bi.Main.Version
		if v == "(devel)" {
			v = "dev"
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += " (" + s.Value[:12] + ")"
			}
		}
		if v != "" {
			return v
		}
	}
	return "dev"
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "mcpscope [URL]",
		Short:         "An interactive terminal debugger for MCP servers and gateways",
		Version:       versionString(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(flagError) // the subcommands' too
	root.PersistentPreRunE = refuseEmptyValues
	root.AddCommand(newExecCmd(), newDemoServerCmd(), newProxyCmd())
	addRootTUI(root)
	addHistoryCmds(root)
	root.SetHelpCommand(newHelpCmd())
	wrapHelp(root)
	guardCompletion(root)
	return root
}

func main() {
	termquery.Done()
	os.Exit(report(os.Stderr, newRootCmd().Execute()))
}

// report prints what went wrong and returns the exit status. It is the
// boundary every error crosses on its way to the terminal, so it sanitizes
// whatever the error quotes (a status line, a reason phrase or a body from a
// server, a theme file's text, a flag value) whatever produced it.
func report(stderr io.Writer, err error) int {
	return reportIn(stderr, terminalWidth(stderr), err)
}

// reportIn is report to a terminal width columns wide (0: none).
func reportIn(stderr io.Writer, width int, err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			sayWrapped(stderr, width, "mcpscope: "+sanitize.Text(ee.err.Error()))
		}
		return ee.code
	}
	// Anything else is cobra's own complaint about flags or arguments.
	sayWrapped(stderr, width, "mcpscope: "+sanitize.Text(err.Error()))
	fmt.Fprintln(stderr, "run 'mcpscope --help' for usage")
	return exitUsage
}

// sayWrapped writes text's lines wrapped between words at width (0: as
// they are, one line each for a script to grep), each row of an indented
// line ("  hint: ...") under its indent: the terminal broke them mid-word.
func sayWrapped(w io.Writer, width int, text string) {
	for _, line := range strings.Split(text, "\n") {
		body := strings.TrimLeft(line, " ")
		indent := line[:len(line)-len(body)]
		if width-len(indent) < 20 {
			indent, body = "", line // too narrow to indent: wrapped whole
		}
		for _, row := range wrapped(body, width-len(indent)) {
			fmt.Fprintln(w, indent+row)
		}
	}
}
