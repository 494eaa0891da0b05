// A workflow engine sets its in-memory model RUNNING and hands it to a store facade that serialises the whole model
// (a JSON document): no mapper or repository runs visible SQL for it, so whether stale RUNNING models are swept (by a
// sweeper in code) cannot be read from SQL; no finding.
package com.example.idem008.neg12;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;

public class FlowExecutor {

    private final FlowStoreFacade store;

    public FlowExecutor(FlowStoreFacade store) {
        this.store = store;
    }

    public void resume(String flowId) {
        FlowModel flow = store.load(flowId);
        flow.setStatus(FlowStatus.RUNNING);
        store.updateFlow(flow);
    }
}

enum FlowStatus { PAUSED, RUNNING, DONE }

class FlowStoreFacade {

    private final java.util.Map<String, String> documents = new java.util.concurrent.ConcurrentHashMap<>();

    FlowModel load(String id) {
        return new FlowModel(id);
    }

    void updateFlow(FlowModel flow) {
        documents.put(flow.getId(), flow.toString());
    }
}

class FlowModel {
    private final String id;
    private FlowStatus status;

    FlowModel(String id) { this.id = id; }
    String getId() { return id; }
    void setStatus(FlowStatus s) { this.status = s; }
}

@Mapper
interface AuditMapper {

    @Select("SELECT id, flow_id FROM flow_audit WHERE flow_id = #{flowId}")
    java.util.List<Long> auditOf(String flowId);
}
