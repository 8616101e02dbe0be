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
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(stderr, "mcpscope:", sanitize.Text(ee.err.Error()))
		}
		return ee.code
	}
	// Anything else is cobra's own complaint about flags or arguments.
	fmt.Fprintln(stderr, "mcpscope:", sanitize.Text(err.Error()))
	fmt.Fprintln(stderr, "run 'mcpscope --help' for usage")
	return exitUsage
}
