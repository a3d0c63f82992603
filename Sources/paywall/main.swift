import PaywallCLI

PaywallCLI.run()
