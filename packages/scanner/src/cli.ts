#!/usr/bin/env node
import { runCli } from './cli/run-cli';

process.exitCode = runCli(process.argv.slice(2));
