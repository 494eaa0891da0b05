import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
// run 1: failOnSeverity=error, the IDEM001 error reaches it
assert log.contains('idemcheck: 1 finding at or above severity error, more than the 0 allowed')
// run 2: failOnSeverity=none, JSON only: the finding is reported, the build passes
def json = new JsonSlurper().parse(new File(basedir, 'target/idemcheck/idemcheck.json'))
assert json.findings.size() == 1
assert json.findings[0].ruleId == 'IDEM001'
assert log.contains('BUILD SUCCESS')
return true
