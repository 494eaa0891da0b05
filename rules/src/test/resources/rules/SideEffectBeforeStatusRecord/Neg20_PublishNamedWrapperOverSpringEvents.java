// A project class's publish(..) only forwards to ApplicationEventPublisher (in-process), so matching publish* by name before the record is a false alarm (seen in apache/shenyu AbstractShenyuClientRegisterServiceImpl.doHeartbeat + InstanceInfoReportEventPublisher, SelectorServiceImpl.enabledByIdsAndNamespaceId).
package com.example.neg20;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class NodeLivenessJob {

    private final NodeMapper nodeMapper;
    private final NodeEventRelay relay;

    public NodeLivenessJob(NodeMapper nodeMapper, NodeEventRelay relay) {
        this.nodeMapper = nodeMapper;
        this.relay = relay;
    }

    @Scheduled(fixedDelay = 30000)
    public void run() {
        for (Node n : nodeMapper.selectPending()) {
            relay.publish(new NodeSeenEvent(n.getId(), n.getAddress()));
            nodeMapper.updateStatus(n.getId(), "ALIVE");
        }
    }
}

@Component
class NodeEventRelay {

    private final ApplicationEventPublisher springEvents;

    NodeEventRelay(ApplicationEventPublisher springEvents) {
        this.springEvents = springEvents;
    }

    public void publish(NodeSeenEvent event) {
        springEvents.publishEvent(event);
    }
}

record NodeSeenEvent(Long nodeId, String address) {
}

@Mapper
interface NodeMapper {

    @Select("SELECT id, address FROM cluster_node WHERE status = 'PENDING'")
    List<Node> selectPending();

    @Update("UPDATE cluster_node SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

class Node {
    private Long id;
    private String address;

    public Long getId() { return id; }
    public String getAddress() { return address; }
}
