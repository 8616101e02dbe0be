package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagAteURL finds a flag whose value is the server's URL, for a command
// line that gives no URL: `exec --bearer http://host/mcp tools/list` took
// the URL as the token, left no URL, and the demo gateway was used, with
// the URL sent to it as a token (and -H made a header named http, --record
// a directory http:). An error naming the flag, or nil. --allow-origin
// takes an origin, a URL of its own, so it is left out.
func flagAteURL(cmd *cobra.Command) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err != nil || f.Name == "allow-origin" {
			return
		}
		for _, v := range givenValues(f) {
			if lower := strings.ToLower(strings.TrimSpace(v)); strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") {
				err = fmt.Errorf("--%s took %q as its value, so no server URL is left and the demo gateway would be used: give --%s its own value before the URL (%s --%s VALUE URL ...)", f.Name, v, f.Name, cmd.CommandPath(), f.Name)
				return
			}
		}
	})
	return err
}
