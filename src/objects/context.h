// A context: its devices, its properties, the application's error callback
// and the destructor callbacks run when the context is finally freed.
#pragma once
#include "src/objects/device.h"
#include "src/objects/object.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace corecl {

class CommandQueue;

class Context : public Object<Context, _cl_context, Tag::Context> {
public:
  using NotifyFn = void(CL_CALLBACK *)(const char *, const void *, size_t, void *);
  using DestructorFn = void(CL_CALLBACK *)(cl_context, void *);

  Context(std::vector<Device *> devices, std::vector<cl_context_properties> properties,
          NotifyFn notify, void *userData);
  ~Context();

  const std::vector<Device *> &devices() const { return devices_; }
  bool hasDevice(const Device *d) const;
  const std::vector<cl_context_properties> &properties() const { return properties_; }
  /// The largest buffer every device of the context can hold.
  cl_ulong maxMemAllocSize() const;

  /// Reports an asynchronous failure through the application's callback.
  void notify(const std::string &message) const;
  void addDestructorCallback(DestructorFn fn, void *userData);

  /// Shared virtual memory (clSVMAlloc): host memory every device of the
  /// context addresses as it is. Allocations are kept by base address, so
  /// that pointers into them can be recognised, and freed with the
  /// context if the application did not free them.
  struct SvmAllocation {
    char *base;
    size_t size;
    cl_svm_mem_flags flags;
  };
  /// nullptr if the memory cannot be had.
  void *svmAllocate(size_t size, cl_svm_mem_flags flags);
  /// False if `base` is not an allocation of this context.
  bool svmFree(void *base);
  /// The allocation holding `p`, if any.
  std::optional<SvmAllocation> svmAllocationOf(const void *p) const;

  /// On-device queues (device-side enqueue). The default one of a device
  /// is what get_default_queue() answers in the kernels launched on it; the
  /// context holds it until another replaces it or the application
  /// releases it (CommandQueue::onLastPublicRelease).
  Ref<CommandQueue> defaultDeviceQueue(const Device &device) const;
  void setDefaultDeviceQueue(const Device &device, CommandQueue *queue);
  /// Called once the application holds no reference to `queue`.
  void forgetDeviceQueue(CommandQueue *queue);

private:
  std::vector<Device *> devices_;
  std::vector<cl_context_properties> properties_;
  NotifyFn notify_;
  void *notifyUserData_;
  std::vector<Ref<Device>> heldDevices_; // keeps devices_ alive
  std::mutex mutex_;
  std::vector<std::pair<DestructorFn, void *>> destructorCallbacks_;
  mutable std::mutex svmMutex_;
  std::map<const char *, SvmAllocation> svm_; // by base address
  mutable std::mutex deviceQueueMutex_;
  std::map<const Device *, Ref<CommandQueue>> defaultDeviceQueues_;
};

} // namespace corecl
