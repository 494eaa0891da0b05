import groovy.json.JsonSlurper

// The plugin's findings on the sample, as (rule, file, line, column)
def key = { r -> [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri,
                  r.locations[0].physicalLocation.region.startLine, r.locations[0].physicalLocation.region.startColumn] }
def sarif = new JsonSlurper().parse(new File(basedir, 'target/idemcheck/idemcheck.sarif'))
def plugin = sarif.runs[0].results.collect(key)

// What the CLI reports on samples/noon-batch (its README lists every finding): the settlement gap is one of them
assert plugin.collect { it.take(3) }.contains(['IDEM001', 'src/main/java/com/example/noon/job/NoonSettlementJob.java', 33])
assert plugin.count { it[0] == 'IDEM001' } == 1

// And the CLI itself, when its jar was built in this reactor: same sources, same root, same results
def jars = new File(cliTargetDir).listFiles({ d, n -> n ==~ /idemcheck-cli-.*-all\.jar/ } as FilenameFilter)
if (jars) {
    def java = new File(System.getProperty('java.home'), 'bin/java').path
    def out = new File(basedir, 'target/cli.sarif')
    def proc = [java, '-jar', jars[0].path, 'scan', new File(basedir, 'src').path, '--source-root', basedir.path,
                '--format', 'sarif', '--output', out.path, '--fail-on', 'none'].execute()
    proc.consumeProcessOutput(System.out, System.err)
    assert proc.waitFor() == 0
    def cli = new JsonSlurper().parse(out).runs[0].results.collect(key)
    println "CLI results: ${cli}; plugin results: ${plugin}"
    assert cli == plugin
    // the plugin also read the same files
    def pj = new JsonSlurper().parse(new File(basedir, 'target/idemcheck/idemcheck.json'))
    assert pj.findings.size() == cli.size()
} else {
    println "no CLI jar in ${cliTargetDir}: compared with the recorded CLI result only"
}
def log = new File(basedir, 'build.log').text
assert log.contains('NoonSettlementJob.java:[33,')
assert log.contains('BUILD FAILURE')
return true
