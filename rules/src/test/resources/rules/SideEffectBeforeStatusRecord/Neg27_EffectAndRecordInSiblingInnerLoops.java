// Seen in a gateway's discovery sync: for each discovery, one inner loop fetches upstreams (an insert) for each proxy
// selector, and a second inner loop records each selector. The effect and the record iterate different items of
// sibling loops, so the record is not the effect's record: no IDEM001 finding.
package com.example.neg27;

import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class DiscoverySync {

    private DiscoveryMapper discoveryMapper;
    private UpstreamMapper upstreamMapper;
    private SelectorMapper selectorMapper;

    @Scheduled(fixedDelay = 60000)
    public void sync() {
        for (Discovery d : discoveryMapper.selectAll()) {
            for (Proxy p : discoveryMapper.selectProxies(d.getId())) {
                upstreamMapper.insertUpstream(p.getId(), d.getId());
            }
            for (Selector s : selectorMapper.selectByDiscovery(d.getId())) {
                selectorMapper.updateStatus(s.getId(), "SYNCED");
            }
        }
    }
}

interface DiscoveryMapper {
    List<Discovery> selectAll();

    List<Proxy> selectProxies(long discoveryId);
}

interface UpstreamMapper {
    int insertUpstream(long proxyId, long discoveryId);
}

interface SelectorMapper {
    List<Selector> selectByDiscovery(long discoveryId);

    int updateStatus(long id, String status);
}

class Discovery {
    long id;

    long getId() {
        return id;
    }
}

class Proxy {
    long id;

    long getId() {
        return id;
    }
}

class Selector {
    long id;

    long getId() {
        return id;
    }
}
