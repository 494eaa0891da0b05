// Make this folder the top of a "git work tree", then write the baseline with the CLI built in this reactor: the
// plugin must read it with the same meaning (same root, same fingerprints).
new File(basedir, '.git').mkdirs()
def jars = new File(cliTargetDir).listFiles({ d, n -> n ==~ /idemcheck-cli-.*-all\.jar/ } as FilenameFilter)
assert jars: "the CLI jar is built before the plugin in the reactor (${cliTargetDir})"
def java = new File(System.getProperty('java.home'), 'bin/java').path
def proc = [java, '-jar', jars[0].path, 'scan', basedir.path, '--source-root', basedir.path, '--update-baseline',
            '--baseline', new File(basedir, 'idemcheck-baseline.json').path].execute()
proc.consumeProcessOutput(System.out, System.err)
assert proc.waitFor() == 0
assert new File(basedir, 'idemcheck-baseline.json').text.contains('"ruleId" : "IDEM001"')
return true
